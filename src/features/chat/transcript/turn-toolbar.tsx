import { Link } from '@tanstack/react-router';
import { CopyButton } from '@/ui/copy-button';
import type { Turn } from '@/features/chat/runtime/turn';
import type { TurnActions } from './turn-actions';
import { FeedbackMarks } from '@/features/chat/feedback/feedback-marks';
import { TurnSdkCopies } from './turn-sdk-copies';

/** The trace id the turn's calls carried (traceparent), copyable: what a tracing backend finds them under. */
function TurnTraceId({ traceId }: { traceId: string }) {
  return (
    <span className="muted small mono turn-trace-id" title="traceparent: the trace this turn's calls belong to">
      Trace ID {traceId} <CopyButton getText={() => traceId} label="Copy" ariaLabel="Copy trace ID" />
    </span>
  );
}

/** What can be done with a finished answer: copy it, ask again, open its call (the question is edited on its bubble). */
export function TurnToolbar({
  turn,
  conversationId,
  actions,
  renderedText,
}: {
  turn: Turn;
  conversationId: string;
  actions: TurnActions;
  renderedText(): string;
}) {
  const hasText = turn.answer.text !== '' && turn.status !== 'failed';
  return (
    <div className="turn-actions row">
      {hasText ? (
        <>
          <CopyButton getText={renderedText} label="Copy answer" />
          <CopyButton getText={() => turn.answer.text} label="Copy Markdown" />
          {turn.status === 'completed' ? <FeedbackMarks turn={turn} conversationId={conversationId} /> : null}
        </>
      ) : null}
      {turn.request ? (
        <Link
          to="/inspector"
          search={{ entry: turn.request.logId }}
          className="button button-small"
          aria-label="Request: open this call in the inspector"
        >
          Request
        </Link>
      ) : null}
      {turn.request ? <TurnSdkCopies turn={turn} conversationId={conversationId} /> : null}
      {turn.requestId ? (
        <span
          className="muted small mono turn-request-id"
          title="X-Request-ID: the id the server logged this call under"
        >
          Request ID {turn.requestId}
        </span>
      ) : null}
      {turn.traceId ? <TurnTraceId traceId={turn.traceId} /> : null}
      {turn.status === 'completed' ? (
        <button
          type="button"
          className="button button-small"
          disabled={actions.busy}
          onClick={() => actions.retry(turn)}
        >
          Regenerate
        </button>
      ) : turn.status !== 'failed' && turn.status !== 'waiting' ? (
        <button
          type="button"
          className="button button-small"
          disabled={actions.busy}
          onClick={() => actions.retry(turn)}
        >
          Retry
        </button>
      ) : null}
    </div>
  );
}
