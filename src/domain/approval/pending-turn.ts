import type { ConversationTurn } from '@/domain/conversations/conversation';
import { pausedFromStored, type StoredPendingCall } from './paused-call';

// After a reload, or in another tab, the approval card comes back from the conversation's `pending_tool_call`, the
// server's record of the pause (CURRENT-SERVERS.md §1.3, §6.3): the stored thought may have lost its flag.

function depthOf(turn: ConversationTurn, byId: ReadonlyMap<string, ConversationTurn>): number {
  let depth = 0;
  const seen = new Set<string>();
  for (let at = turn; at.parentId !== null && !seen.has(at.id); depth += 1) {
    seen.add(at.id);
    const parent = byId.get(at.parentId);
    if (!parent) break;
    at = parent;
  }
  return depth;
}

/**
 * The turns with the paused one waiting for the person: the latest version at the pending call's history index (the
 * latest turn when the server does not say). Nothing pending (null) changes nothing.
 */
export function withPendingCall<T extends ConversationTurn>(
  turns: readonly T[],
  pending: StoredPendingCall | null | undefined,
): T[] {
  if (!pending) return [...turns];
  const byId = new Map(turns.map((turn) => [turn.id, turn]));
  const index = pending.history_index;
  const candidates = turns.filter(
    (turn) => turn.status !== 'failed' && (typeof index !== 'number' || depthOf(turn, byId) === index),
  );
  const paused = candidates.reduce<T | undefined>(
    (latest, turn) => (!latest || turn.startedAt >= latest.startedAt ? turn : latest),
    undefined,
  );
  if (!paused || paused.status === 'sending' || paused.status === 'streaming') return [...turns];
  const pausedToolCall = pausedFromStored(pending, paused.answer.thoughts);
  return turns.map((turn) =>
    turn === paused ? { ...turn, status: 'waiting', answer: { ...turn.answer, pausedToolCall } } : turn,
  );
}
