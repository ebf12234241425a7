import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What this part of the page is, for the message: "this answer", "the thought tree". */
  what: string;
  children: ReactNode;
}

/** Keeps one broken piece (odd server data, a rendering bug) from blanking the whole page. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Could not show ${this.props.what}:`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="alert alert-error">
        Could not show {this.props.what}: {this.state.error.message}.{' '}
        <button type="button" className="button button-small" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
