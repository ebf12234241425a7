import { useEffect, useMemo, useRef } from 'react';
import { visiblePath } from '@/domain/conversations/versions';
import { ErrorBoundary } from '@/ui/error-boundary';
import { useChat } from './chat-provider';
import type { Turn } from './turn';
import { TurnView, type TurnActions } from './turn-view';

const noTurns: readonly Turn[] = [];

/** The conversation as chosen (one version per turn); follows the growing answer unless the reader scrolled up. */
export function Transcript({ conversationId, actions }: { conversationId: string; actions: TurnActions }) {
  const turns = useChat((state) => state.turns[conversationId] ?? noTurns);
  const selection = useChat((state) => state.conversations[conversationId]?.selection);
  const path = useMemo(() => visiblePath(turns, selection ?? {}), [turns, selection]);
  const lastId = path[path.length - 1]?.id;
  // Only the growing end moves the scroll position: its text length, read from the live turn.
  const growing = useChat((state) => (lastId ? (state.live[lastId]?.turn.answer.text.length ?? -1) : -1));
  const container = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  useEffect(() => {
    const element = container.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [growing, lastId, path.length]);

  const onScroll = () => {
    const element = container.current;
    if (element) pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
  };

  return (
    <div className="transcript" ref={container} onScroll={onScroll} role="log" aria-label="Conversation" aria-live="off">
      <div className="transcript-inner">
        {path.map((turn) => (
          <ErrorBoundary key={turn.id} what="this answer">
            <TurnView turn={turn} siblings={turns} conversationId={conversationId} actions={actions} />
          </ErrorBoundary>
        ))}
      </div>
    </div>
  );
}
