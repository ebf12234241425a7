import type { ConversationTurn } from '@/domain/conversations/conversation';
import type { ConversationWaiting } from './waiting-item';

/** The newest turn of a conversation that waits for the person, as its list entry keeps it. */
export function conversationWaiting(turns: readonly ConversationTurn[]): ConversationWaiting | undefined {
  const waiting = turns
    .filter((turn) => turn.status === 'waiting')
    .reduce<ConversationTurn | undefined>(
      (latest, turn) => (!latest || turn.startedAt > latest.startedAt ? turn : latest),
      undefined,
    );
  if (!waiting) return undefined;
  const since = waiting.endedAt ?? waiting.startedAt;
  const call = waiting.answer.pausedToolCall;
  return call
    ? { kind: 'tool-call', what: `${waiting.assistantName} wants to run ${call.toolName}`, since }
    : { kind: 'form', what: `${waiting.assistantName} asks you to fill in a form`, since };
}
