import { classifyOutput } from '@/domain/workflows/run/state-output';
import { Markdown } from '@/ui/markdown/markdown';
import './run-page.css';

/** A state's output as what it is: markdown rendered, JSON pretty-printed, anything else as plain text. */
export function StateOutputView({ output }: { output: string }) {
  const view = classifyOutput(output);
  if (output.trim() === '') return <p className="muted small">No output.</p>;
  if (view.kind === 'markdown') {
    return (
      <div className="answer-text state-output" data-testid="state-output">
        <Markdown text={view.text} />
      </div>
    );
  }
  return (
    <pre className="pre-block state-output" data-testid="state-output">
      {view.text}
    </pre>
  );
}
