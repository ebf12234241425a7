import { useMemo } from 'react';
import { visiblePath } from '@/domain/conversations/versions';
import { statusText } from './answer-status';
import { useChat } from './chat-provider';
import type { Turn } from './turn';

/** What a screen reader hears when an answer starts or ends (never every token). */
function announcement(turn: Turn | undefined): string {
  if (!turn) return '';
  if (turn.status === 'failed') return `${turn.assistantName}: ${turn.error?.title ?? 'failed'}`;
  const warnings = turn.answer.malformedChunks ? `, ${turn.answer.malformedChunks} unreadable chunks skipped` : '';
  return `${turn.assistantName}: ${statusText[turn.status]}${warnings}`;
}

export function TurnAnnouncer({ conversationId }: { conversationId: string }) {
  const turns = useChat((state) => state.turns[conversationId]);
  const selection = useChat((state) => state.conversations[conversationId]?.selection);
  const last = useMemo(() => visiblePath(turns ?? [], selection ?? {}).at(-1), [turns, selection]);
  // A string: re-rendered when the words change, not per frame.
  const text = useChat((state) => announcement(last ? (state.live[last.id]?.turn ?? last) : undefined));
  return (
    <p role="status" className="visually-hidden">
      {text}
    </p>
  );
}
