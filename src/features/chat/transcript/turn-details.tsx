import { Link } from '@tanstack/react-router';
import { CopyButton } from '@/ui/copy-button';
import { StreamHealthLine } from '@/features/chat/stream-health/stream-health-line';
import type { Turn } from '@/features/chat/runtime/turn';
import { TurnSdkCopies } from './turn-sdk-copies';

/**
 * A finished turn's diagnostics, opened from its Details control: the call in the inspector, the call as client-library
 * code, the ids a server logged it under, and how its stream travelled.
 */
export function TurnDetails({ id, turn, conversationId }: { id: string; turn: Turn; conversationId: string }) {
  return (
    <div id={id} className="turn-details" role="group" aria-label="Details of this answer">
      {turn.request ? (
        <div className="row turn-details-calls">
          <Link
            to="/inspector"
            search={{ entry: turn.request.logId }}
            className="button button-small"
            aria-label="Request: open this call in the inspector"
          >
            Request
          </Link>
          <TurnSdkCopies turn={turn} conversationId={conversationId} />
        </div>
      ) : null}
      {turn.requestId ? (
        <p className="muted small mono turn-request-id" title="X-Request-ID: the id the server logged this call under">
          Request ID {turn.requestId}
        </p>
      ) : null}
      {turn.traceId ? (
        <p className="muted small mono turn-trace-id" title="traceparent: the trace this turn's calls belong to">
          Trace ID {turn.traceId}{' '}
          <CopyButton getText={() => turn.traceId ?? ''} label="Copy" ariaLabel="Copy trace ID" />
        </p>
      ) : null}
      {turn.health ? <StreamHealthLine health={turn.health} /> : null}
    </div>
  );
}
