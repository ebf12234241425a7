import { CopyButton } from '@/ui/copy-button';
import './error-words.css';

interface Described {
  title: string;
  explanation: string;
  serverMessage?: string | undefined;
  details?: string | undefined;
  requestId?: string | undefined;
  traceId?: string | undefined;
}

/** A described failure in words: ours, then the server's own message and details, then the request and trace ids. */
export function ErrorWords({ error }: { error: Described }) {
  return (
    <>
      <p className="turn-error-title">{error.title}</p>
      <p>{error.explanation}</p>
      {error.serverMessage ? (
        <p className="turn-error-server">
          <span className="muted">Server said: </span>
          {error.serverMessage}
        </p>
      ) : null}
      {error.details ? <pre className="turn-error-details">{error.details}</pre> : null}
      {error.requestId ? <p className="muted small mono">Request ID: {error.requestId}</p> : null}
      {error.traceId ? <TraceIdLine traceId={error.traceId} /> : null}
    </>
  );
}

/** The trace id an operator looks the call up under in their tracing backend, with a way to copy it. */
function TraceIdLine({ traceId }: { traceId: string }) {
  return (
    <p className="muted small mono trace-id">
      Trace ID: {traceId} <CopyButton getText={() => traceId} label="Copy" ariaLabel="Copy trace ID" />
    </p>
  );
}
