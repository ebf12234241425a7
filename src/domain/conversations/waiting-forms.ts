import { asksWithForm } from '@/domain/answer/answer';
import type { ConversationTurn } from './conversation';

// A turn whose agent asked with a form waits for the person until something follows it (the form's answer, or a
// question typed instead, which leaves the form unanswered): read from the tree, as the server keeps no such state.

export function withFormsWaiting<T extends ConversationTurn>(turns: readonly T[]): T[] {
  // An answer the server refused does not count: the form is open again.
  const followed = new Set(
    turns.flatMap((turn) => (turn.parentId === null || turn.status === 'failed' ? [] : [turn.parentId])),
  );
  return turns.map((turn) => {
    if (!asksWithForm(turn.answer) || turn.answer.pausedToolCall) return turn;
    if (turn.status === 'completed' && !followed.has(turn.id)) return { ...turn, status: 'waiting' };
    if (turn.status === 'waiting' && followed.has(turn.id)) return { ...turn, status: 'completed' };
    return turn;
  });
}
