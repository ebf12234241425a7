import { useId, useState } from 'react';
import { CopyButton } from '@/ui/copy-button';
import { Button } from '@/ui/button';
import { describeStreamHealth } from '@/domain/stream/stream-health';
import type { Turn } from '@/features/chat/runtime/turn';
import type { TurnActions } from './turn-actions';
import { FeedbackMarks } from '@/features/chat/feedback/feedback-marks';
import { hasDetails, TurnDetails } from './turn-details';

/**
 * What can be done with a finished answer, in one quiet row: copy it, mark it, ask again (the question is edited on its
 * bubble). The diagnostics (its call, ids, client-library copies, stream health) wait behind one Details control.
 */
export function TurnToolbar({
  turn,
  conversationId,
  actions,
  onRetry,
  renderedText,
}: {
  turn: Turn;
  conversationId: string;
  actions: TurnActions;
  /** Asks the question again (a form answer with secrets asks for them first). */
  onRetry(): void;
  renderedText(): string;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const hasText = turn.answer.text !== '' && turn.status !== 'failed';
  // A finished conversation takes no new version of an answer.
  const again = actions.finished
    ? null
    : turn.status === 'completed'
      ? 'Regenerate'
      : turn.status !== 'failed' && turn.status !== 'waiting'
        ? 'Retry'
        : null;
  // Something unusual in the stream is said on the control, so it is not hidden behind it.
  const unusual = turn.health ? describeStreamHealth(turn.health).warnings.length > 0 : false;
  return (
    <>
      <div className="turn-actions row">
        {hasText ? (
          <>
            <CopyButton getText={renderedText} label="Copy answer" quiet />
            <CopyButton getText={() => turn.answer.text} label="Copy Markdown" quiet />
            {turn.status === 'completed' ? <FeedbackMarks turn={turn} conversationId={conversationId} /> : null}
          </>
        ) : null}
        {again ? (
          <Button size="small" variant="quiet" disabled={actions.busy} onClick={onRetry}>
            {again}
          </Button>
        ) : null}
        {hasDetails(turn) ? (
          <Button
            size="small"
            variant="quiet"
            className="turn-details-toggle"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={() => setOpen((shown) => !shown)}
          >
            Details
            {unusual ? (
              <span className="turn-details-warning" title="Something in the stream was unusual">
                <span aria-hidden="true"> ⚠</span>
                <span className="visually-hidden">, unusual stream</span>
              </span>
            ) : null}
            <span className="turn-details-caret" aria-hidden="true">
              {open ? ' ▴' : ' ▾'}
            </span>
          </Button>
        ) : null}
      </div>
      {open ? <TurnDetails id={detailsId} turn={turn} conversationId={conversationId} /> : null}
    </>
  );
}
