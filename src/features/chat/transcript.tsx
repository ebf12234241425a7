import { useEffect, useRef } from 'react';
import { ErrorBoundary } from '@/ui/error-boundary';
import { useChatStore } from './chat-store';
import { TurnView, type TurnActions } from './turn-view';

/** The conversation; follows the growing answer unless the reader has scrolled up to read. */
export function Transcript({ actions }: { actions: TurnActions }) {
  const turns = useChatStore((state) => state.turns);
  const container = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastTurn = turns[turns.length - 1];

  useEffect(() => {
    const element = container.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [lastTurn?.answer.text, lastTurn?.status, turns.length]);

  const onScroll = () => {
    const element = container.current;
    if (element) pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
  };

  return (
    <div className="transcript" ref={container} onScroll={onScroll} role="log" aria-label="Conversation" aria-live="off">
      <div className="transcript-inner">
        {turns.map((turn) => (
          <ErrorBoundary key={turn.id} what="this answer">
            <TurnView turn={turn} actions={actions} />
          </ErrorBoundary>
        ))}
      </div>
    </div>
  );
}
