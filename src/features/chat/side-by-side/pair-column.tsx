import { Link } from '@tanstack/react-router';
import { Button } from '@/ui/button';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import type { AskChoice } from '@/features/chat/runtime/chat-runtime-contract';
import { Transcript } from '@/features/chat/transcript/transcript';
import { sideName, type SideChoice } from './side-choice';
import { usePairTurnActions } from './use-pair-turn-actions';

interface PairColumnProps {
  conversationId: string;
  /** "First" or "Second". */
  label: string;
  side: SideChoice;
  mode: AskChoice['mode'];
  sendBlocked: string | null;
  /** At a narrow width only one column shows at a time (the tabs choose it). */
  hiddenWhenNarrow: boolean;
  tabId: string;
}

/** One side of the pair: who answers, its own Stop and "Keep this one", and its conversation as the chat shows it. */
export function PairColumn({
  conversationId,
  label,
  side,
  mode,
  sendBlocked,
  hiddenWhenNarrow,
  tabId,
}: PairColumnProps) {
  const runtime = useChatRuntime();
  const liveTurnId = useChat(
    (state) => Object.values(state.live).find((live) => live.conversationId === conversationId)?.turn.id ?? null,
  );
  const opening = useChat(
    (state) => state.opening[conversationId] ?? (state.turns[conversationId] ? 'ready' : 'loading'),
  );
  const queued = useChat((state) => state.conversations[conversationId]?.followUps?.items.length ?? 0);
  const actions = usePairTurnActions(conversationId, side, mode, liveTurnId !== null, sendBlocked);
  const headingId = `${conversationId}-side`;
  return (
    <section
      className={`pair-column${hiddenWhenNarrow ? ' pair-column-narrow-hidden' : ''}`}
      aria-labelledby={headingId}
      role="tabpanel"
      id={`${tabId}-panel`}
    >
      <header className="pair-column-head">
        <h2 id={headingId} className="pair-column-title">
          <span className="muted small">{label} · </span>
          {sideName(side)}
        </h2>
        <span className="pair-column-state small muted" aria-live="polite">
          {liveTurnId ? 'answering…' : queued > 0 ? `${queued} queued` : ''}
        </span>
        {liveTurnId ? (
          <Button
            variant="stop"
            size="small"
            aria-label={`Stop ${sideName(side)}`}
            onClick={() => runtime.stop(liveTurnId)}
          >
            Stop
          </Button>
        ) : null}
        <Link
          to="/chat/$conversationId"
          params={{ conversationId }}
          className="button button-small"
          aria-label={`Keep this one: go on with ${sideName(side)} alone`}
        >
          Keep this one
        </Link>
      </header>
      {opening === 'missing' || opening === 'failed' ? (
        <p role="alert" className="pair-column-problem">
          {opening === 'missing'
            ? 'This conversation is not in this browser or on the server any more.'
            : 'This conversation could not be read. Reload to try again.'}
        </p>
      ) : (
        <Transcript conversationId={conversationId} actions={actions} />
      )}
    </section>
  );
}
