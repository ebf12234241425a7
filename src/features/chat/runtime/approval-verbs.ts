import { isShownCall, pausedFromStored } from '@/domain/approval/paused-call';
import type { ChatRuntimeShared } from './chat-runtime-shared';
import type { ChatRuntime } from './chat-runtime-contract';
import { answerResumed } from './turn-events';
import type { TurnStream } from './turn-stream';

// The person's decision on a tool call a current server paused (CURRENT-SERVERS.md §1): one resume per pause, and
// only for the call the card showed. The resume body names no call, so the server's pending call is read first: a
// card left open in another tab or device must not allow whatever is pending now.

export type ApprovalVerbs = Pick<ChatRuntime, 'decideToolCall'>;

export function createApprovalVerbs(context: ChatRuntimeShared, stream: TurnStream): ApprovalVerbs {
  const { repository, state, persist, saveSummary, sync } = context;
  const deciding = new Set<string>();
  const find = (conversationId: string, turnId: string) =>
    state().turns[conversationId]?.find((known) => known.id === turnId);

  async function decide(conversationId: string, turnId: string, action: 'allow' | 'deny') {
    const shown = find(conversationId, turnId)?.answer.pausedToolCall;
    const pending = await sync.pendingCall(conversationId, turnId);
    const turn = find(conversationId, turnId);
    // Stopped meanwhile (sign-out), or decided by the time the read came back.
    if (context.closed.now || !turn || turn.status !== 'waiting' || state().live[turnId]) return;
    if (pending === 'unreadable') {
      state().problemReported(
        `Nothing was ${action === 'allow' ? 'allowed' : 'denied'}: the server could not be asked which call is waiting. Try again.`,
      );
      return;
    }
    if (pending === null) {
      state().problemReported(
        'That tool call no longer waits: it was decided elsewhere or expired. This is the chat as the server has it now.',
      );
      await sync.reload(conversationId, turnId);
      return;
    }
    if (pending !== 'unchecked' && shown && !isShownCall(shown, pending)) {
      // Another call waits now: the card shows it, says what changed, and asks again.
      const now = pausedFromStored(pending, turn.answer.thoughts);
      const changed = {
        ...turn,
        answer: {
          ...turn.answer,
          pausedToolCall: { ...now, changedFrom: { toolName: shown.toolName, args: shown.args } },
        },
      };
      state().turnSaved(conversationId, changed);
      persist(repository.saveTurn(conversationId, changed));
      return;
    }
    // The node keeps who let it run (or not) and how long it waited for them: the pause began when the turn ended.
    const resumed = answerResumed(turn, {
      action,
      at: context.now(),
      ...(turn.endedAt !== undefined ? { waitedFrom: turn.endedAt } : {}),
    });
    state().turnSaved(conversationId, resumed);
    state().liveChanged(conversationId, resumed);
    persist(repository.saveTurn(conversationId, resumed));
    const summary = state().conversations[conversationId];
    if (summary) saveSummary(summary);
    await stream.resume(conversationId, resumed, action);
  }

  return {
    decideToolCall(conversationId, turnId, action) {
      const turn = find(conversationId, turnId);
      // One decision per pause: a second click, or a turn already going on, sends nothing.
      if (!turn || turn.status !== 'waiting' || state().live[turnId] || deciding.has(turnId)) return;
      deciding.add(turnId);
      context.tracked(decide(conversationId, turnId, action).finally(() => deciding.delete(turnId)));
    },
  };
}
