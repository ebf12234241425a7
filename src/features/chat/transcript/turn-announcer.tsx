import { useEffect, useState } from 'react';
import type { ChatState } from '@/features/chat/runtime/chat-store';
import { useChat } from '@/features/chat/runtime/use-chat';
import type { Turn } from '@/features/chat/runtime/turn';

const ending: Record<Turn['status'], string> = {
  sending: 'Responding…',
  streaming: 'Responding…',
  waiting: 'Waiting for you',
  completed: 'Response complete',
  stopped: 'Response stopped — partial answer kept',
  interrupted: 'Response interrupted — partial answer kept',
  failed: 'Response failed',
};

/** What a screen reader hears about one turn: once when it starts answering, once when it ends. */
function announcement(turn: Turn): string {
  if (turn.status === 'failed')
    return `${turn.assistantName}: ${ending.failed}${turn.error ? ` — ${turn.error.title}` : ''}`;
  const skipped = turn.answer.malformedChunks;
  const warnings =
    skipped && turn.status !== 'sending' && turn.status !== 'streaming' ? `, ${skipped} unreadable chunks skipped` : '';
  return `${turn.assistantName}: ${ending[turn.status]}${warnings}`;
}

const liveTurnOf = (state: ChatState, conversationId: string): string | null => {
  for (const [turnId, live] of Object.entries(state.live)) if (live.conversationId === conversationId) return turnId;
  return null;
};

/**
 * A polite live region for the conversation's answers. Its words change twice per turn (never per token),
 * and only for turns answered while the page is open: opening a conversation announces nothing.
 */
export function TurnAnnouncer({ conversationId }: { conversationId: string }) {
  const liveId = useChat((state) => liveTurnOf(state, conversationId));
  const [watched, setWatched] = useState<string | null>(null);
  // The turn stays watched after it ends, so its ending can be read from the saved conversation.
  if (liveId !== null && liveId !== watched) setWatched(liveId);
  const text = useChat((state) => {
    if (watched === null) return '';
    const live = state.live[watched];
    if (live) return announcement(live.turn);
    // The turn that ended was just saved: it is near the end of the list.
    const saved = state.turns[conversationId]?.findLast((turn) => turn.id === watched);
    return saved ? announcement(saved) : '';
  });
  // Set after the region is in the page: words present when a live region appears are often not read.
  const [spoken, setSpoken] = useState('');
  useEffect(() => setSpoken(text), [text]);
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
      {spoken}
    </p>
  );
}
