import { Link } from '@tanstack/react-router';
import type { RunErrorDescription } from './run';
import { ErrorWords } from '@/ui/error-words';

/** Why a workflow call failed: our words, the server's words and details, the request id, the call itself. */
export function RunError({ error, logId }: { error: RunErrorDescription; logId?: string | undefined }) {
  return (
    <div role="alert" className="turn-error">
      <ErrorWords error={error} />
      {logId ? (
        <Link to="/inspector" search={{ entry: logId }} className="button button-small">
          Request
        </Link>
      ) : null}
    </div>
  );
}
