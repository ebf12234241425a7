import { useId, useState } from 'react';
import { CopyButton } from '@/ui/copy-button';
import { Button } from '@/ui/button';
import { describeStreamHealth } from '@/domain/stream/stream-health';
import type { Turn } from '@/features/chat/runtime/turn';
import type { TurnActions } from './turn-actions';
import { FeedbackMarks } from '@/features/chat/feedback/feedback-marks';
import { moduleLoader } from '@/ui/module-loader';

/** Whether a finished turn has diagnostics to show behind its Details control. */
const hasDetails = (turn: Turn): boolean =>
  Boolean(turn.request || turn.requestId || turn.traceId || (turn.health && turn.health.chunks > 0));

// The diagnostics (client-library copies, stream health) load when Details is first pointed at or opened, not with
// the chat: most answers never have theirs opened.
const details = moduleLoader(() => import('./turn-details'));
const preloadDetails = () => void details.preload();

function LoadedDetails(props: { id: string; turn: Turn; conversationId: string }) {
  const loaded = details.useModule();
  if (loaded.status === 'failed')
    return (
      <p id={props.id} className="muted small" role="alert">
        The details could not be loaded: reload the page to see them.
      </p>
    );
  if (loaded.status === 'loading') return null;
  const { TurnDetails } = loaded.module;
  return <TurnDetails {...props} />;
}

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
            onPointerEnter={preloadDetails}
            onFocus={preloadDetails}
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
      {open ? <LoadedDetails id={detailsId} turn={turn} conversationId={conversationId} /> : null}
    </>
  );
}
