import type { ChatRuntimeShared } from './chat-runtime-shared';
import type { ChatRuntime } from './chat-runtime-contract';
import { answerResumed } from './turn-events';
import type { TurnStream } from './turn-stream';

// The person's decision on a tool call a current server paused (CURRENT-SERVERS.md §1): one resume per pause.

export type ApprovalVerbs = Pick<ChatRuntime, 'decideToolCall'>;

export function createApprovalVerbs(context: ChatRuntimeShared, stream: TurnStream): ApprovalVerbs {
  const { repository, state, persist, saveSummary } = context;
  return {
    decideToolCall(conversationId, turnId, action) {
      const turn = state().turns[conversationId]?.find((known) => known.id === turnId);
      // One decision per pause: a second click, or a turn already going on, sends nothing.
      if (!turn || turn.status !== 'waiting' || state().live[turnId]) return;
      const resumed = answerResumed(turn);
      state().turnSaved(conversationId, resumed);
      state().liveChanged(conversationId, resumed);
      persist(repository.saveTurn(conversationId, resumed));
      const summary = state().conversations[conversationId];
      if (summary) saveSummary(summary);
      context.tracked(stream.resume(conversationId, resumed, action));
    },
  };
}
