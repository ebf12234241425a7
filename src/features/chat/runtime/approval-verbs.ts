import { isShownCall, pausedFromStored } from '@/domain/approval/paused-call';
import { resumeFailureWords } from '@/domain/approval/resume-failure';
import { withAllowance, withoutAllowance } from '@/domain/approval/standing-allowances';
import type { ChatRuntimeShared } from './chat-runtime-shared';
import type { ChatRuntime, DecisionOptions } from './chat-runtime-contract';
import type { AskVerbs } from './ask-verbs';
import { answerResumed } from './turn-events';
import type { TurnStream } from './turn-stream';
import type { Turn } from './turn';

// The person's decision on a tool call a current server paused (CURRENT-SERVERS.md §1): one resume per pause, and
// only for the call the card showed. The resume body names no call, so the server's pending call is read first: a
// card left open in another tab or device must not allow whatever is pending now. A resume that fails in any way (404,
// 5xx, an error inside the stream) means the approval is gone: it is said once and the server's copy is read again,
// never retried. Standing allowances ("Allow … for the rest of this chat") answer later pauses of that tool here.

/** A decision, and whether the person's standing allowance made it (not a click). */
type Standing = DecisionOptions & { standing?: boolean };

export type ApprovalVerbs = Pick<ChatRuntime, 'decideToolCall' | 'revokeAllowance' | 'allowancesApply'>;

export function createApprovalVerbs(
  context: ChatRuntimeShared,
  stream: TurnStream,
  { ask }: Pick<AskVerbs, 'ask'>,
): ApprovalVerbs {
  const { repository, state, persist, saveSummary, sync } = context;
  /** The decisions on their way, by turn, until the resumed answer is live (then the turn itself says so). */
  const deciding = new Map<string, object>();
  const find = (conversationId: string, turnId: string) =>
    state().turns[conversationId]?.find((known) => known.id === turnId);

  /** The reason a person gave with Deny: the next question, once the resumed turn has ended well. */
  function sendReason(conversationId: string, ended: Turn, reason: string) {
    const question = `Denied: ${reason}`;
    if (ended.status === 'completed' && !context.closed.now) {
      const choice = { assistant: { id: ended.assistantId, name: ended.assistantName }, model: ended.model ?? '' };
      ask(conversationId, question, { ...choice, mode: 'stream' });
      return;
    }
    // It could not go on (stopped, failed, paused again): the reason waits in the composer, not lost.
    if (!state().drafts[conversationId]?.trim()) state().draftChanged(conversationId, question);
    state().problemReported('Your reason for denying was not sent: it waits in the message box.');
  }

  async function decide(
    conversationId: string,
    turnId: string,
    action: 'allow' | 'deny',
    options: Standing,
    live: () => void,
  ) {
    const shown = find(conversationId, turnId)?.answer.pausedToolCall;
    // A standing allowance answers the pause this tab just saw, at once: no card comes and goes meanwhile.
    const pending = options.standing ? 'unchecked' : await sync.pendingCall(conversationId, turnId);
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
    const summary = state().conversations[conversationId];
    // "For the rest of this chat": kept before the call goes on, so a pause later in this same answer is answered too.
    if (summary && shown && action === 'allow' && options.always)
      saveSummary({ ...summary, allowedTools: withAllowance(summary.allowedTools, shown.toolName) });
    // The node keeps who let it run (or not) and how long it waited for them: the pause began when the turn ended.
    const resumed = answerResumed(turn, {
      action,
      at: context.now(),
      ...(turn.endedAt !== undefined ? { waitedFrom: turn.endedAt } : {}),
      ...(options.standing ? { standing: true } : {}),
    });
    state().turnSaved(conversationId, resumed);
    state().liveChanged(conversationId, resumed);
    persist(repository.saveTurn(conversationId, resumed));
    const latest = state().conversations[conversationId];
    if (latest) saveSummary(latest);
    live();
    // A pause later in this answer is a new decision (a standing allowance may answer it as the answer ends).
    const ended = await stream.resume(conversationId, resumed, action);
    const failure = resumeFailureWords(ended);
    if (failure !== null) {
      // The approval is gone (or the server could not take it): said once, then the server's copy is shown.
      state().problemReported(
        `Your ${action === 'allow' ? 'Allow' : 'Deny'} did not go through: the server said “${failure}” The tool call may no longer wait for you: this is the chat as the server has it now.`,
      );
      const now = await sync.pendingCall(conversationId, turnId);
      if (now !== null && typeof now === 'object') {
        // Still held there: the card is back as it was before the decision (no failed resume's error stays in an
        // answer that goes on later), live, and a click reads the server again first.
        state().turnSaved(conversationId, turn);
        persist(repository.saveTurn(conversationId, turn));
      } else if (now === null) await sync.reload(conversationId, turnId);
      // Unknown there: the failed turn says why, with nothing to click that cannot succeed.
      if (options.reason) sendReason(conversationId, { ...ended, status: 'failed' }, options.reason);
      return;
    }
    if (options.reason) sendReason(conversationId, ended, options.reason);
  }

  function start(conversationId: string, turnId: string, action: 'allow' | 'deny', options: Standing) {
    const turn = find(conversationId, turnId);
    // One decision per pause: a second click, or a turn already going on, sends nothing.
    if (!turn || turn.status !== 'waiting' || state().live[turnId] || deciding.has(turnId)) return;
    const token = {};
    deciding.set(turnId, token);
    const release = () => {
      if (deciding.get(turnId) === token) deciding.delete(turnId);
    };
    context.tracked(decide(conversationId, turnId, action, options, release).finally(release));
  }

  // A pause of a tool the person allowed for the rest of this chat is allowed at once, where the chat's assistants
  // let it loosen their policy (known, not assumed).
  context.onPause((conversationId, turn) => {
    const toolName = turn.answer.pausedToolCall?.toolName;
    const allowed = state().conversations[conversationId]?.allowedTools ?? [];
    if (toolName && allowed.includes(toolName) && state().allowancesApply[conversationId] === true)
      start(conversationId, turn.id, 'allow', { standing: true });
  });

  return {
    decideToolCall(conversationId, turnId, action, options = {}) {
      const reason = action === 'deny' ? options.reason?.trim() : undefined;
      start(conversationId, turnId, action, {
        ...(action === 'allow' && options.always ? { always: true } : {}),
        ...(reason ? { reason } : {}),
      });
    },
    revokeAllowance(conversationId, toolName) {
      const summary = state().conversations[conversationId];
      if (summary) saveSummary({ ...summary, allowedTools: withoutAllowance(summary.allowedTools, toolName) });
    },
    allowancesApply: (conversationId, apply) => state().allowancesRead(conversationId, apply),
  };
}
