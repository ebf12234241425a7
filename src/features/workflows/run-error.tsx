import { Link } from '@tanstack/react-router';
import type { RunErrorDescription } from './run';

/** Why a workflow call failed: our words, the server's words and details, the request id, the call itself. */
export function RunError({ error, logId }: { error: RunErrorDescription; logId?: string | undefined }) {
  return (
    <div role="alert" className="turn-error">
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
      {logId ? (
        <Link to="/inspector" search={{ entry: logId }} className="button button-small">
          Request
        </Link>
      ) : null}
    </div>
  );
}
