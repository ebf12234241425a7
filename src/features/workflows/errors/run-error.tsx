import { Link } from '@tanstack/react-router';
import type { RunErrorDescription } from '@/features/workflows/model/run';
import { ErrorWords } from '@/ui/errors/error-words';
import { RetryButton } from '@/ui/errors/retry-button';
import '@/ui/errors/error-words.css';

interface RunErrorProps {
  error: RunErrorDescription;
  logId?: string | undefined;
  /** Offered when trying again may help; waits out the server's Retry-After with a countdown. */
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
}

/** Why a workflow call failed: our words, the server's words and details, the request id, the call itself. */
export function RunError({ error, logId, onRetry, retrying = false }: RunErrorProps) {
  return (
    <div role="alert" className="turn-error">
      <ErrorWords error={error} />
      <div className="row">
        {onRetry && error.action === 'retry' ? (
          <RetryButton
            className="button button-primary button-small"
            disabled={retrying}
            retryAt={error.retryAt}
            onRetry={onRetry}
          />
        ) : null}
        {logId ? (
          <Link to="/inspector" search={{ entry: logId }} className="button button-small">
            Request
          </Link>
        ) : null}
      </div>
    </div>
  );
}
