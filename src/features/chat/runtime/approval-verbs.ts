import { isShownCall, pausedFromStored, type StoredPendingCall } from '@/domain/approval/paused-call';
import { resumeFailureWords } from '@/domain/approval/resume-failure';
import { allowancesChanged, isAllowed, withAllowance, withoutAllowance } from '@/domain/approval/standing-allowances';
import type { QueuedChoice } from '@/domain/conversations/follow-ups';
import type { ChatRuntimeShared } from './chat-runtime-shared';
import type { ChatRuntime, DecisionOptions } from './chat-runtime-contract';
import { answerResumed } from './turn-events';
import type { TurnStream } from './turn-stream';
import type { Turn } from './turn';

// The person's decision on a tool call a current server paused (CURRENT-SERVERS.md §1): one resume per pause, and
// only for the call the card showed. The resume body names no call, so the server's pending call is read first: a
// card left open in another tab or device must not allow whatever is pending now. A resume that fails in any way (404,
// 5xx, an error inside the stream) means the approval is gone: it is said once and the server's copy is read again,
// never retried. Standing allowances ("Allow … for the rest of this chat") answer later pauses of that assistant's tool
// here; a Deny's reason goes first in the chat's follow-up queue, so it is the next question once that turn ends.

/** A decision, and whether the person's standing allowance made it (not a click). */
type Standing = DecisionOptions & { standing?: boolean };

export type ApprovalVerbs = Pick<ChatRuntime, 'decideToolCall' | 'revokeAllowance' | 'allowancesApply'>;

/** A batch of one call, as the card shows it: what a standing allowance may answer (a batch runs calls unseen). */
const singleCall = (pending: StoredPendingCall): boolean =>
  !Array.isArray(pending.all_tool_call_ids) || pending.all_tool_call_ids.length <= 1;

/** The chat's follow-up queue, as a Deny's reason uses it (follow-up-verbs.ts). */
interface ReasonQueue {
  queueFirst(conversationId: string, text: string, choice: QueuedChoice): string;
  hold(conversationId: string): () => void;
  removeQueued(conversationId: string, id: string): void;
}

export function createApprovalVerbs(context: ChatRuntimeShared, stream: TurnStream, queue: ReasonQueue): ApprovalVerbs {
  const { repository, state, persist, saveSummary, sync } = context;
  /** The decisions on their way, by turn, until the resumed answer is live (then the turn itself says so). */
  const deciding = new Map<string, object>();
  const find = (conversationId: string, turnId: string) =>
    state().turns[conversationId]?.find((known) => known.id === turnId);
  const saved = (conversationId: string, turn: Turn) => {
    state().turnSaved(conversationId, turn);
    persist(repository.saveTurn(conversationId, turn));
    const summary = state().conversations[conversationId];
    // What waits in the chat is read from its turns: the rail and Waiting for you follow.
    if (summary) saveSummary(summary);
  };
  /** The card is live again from now (a decision that could not go through must not leave it locked). */
  const checkedAgain = (conversationId: string, turn: Turn) => {
    const call = turn.answer.pausedToolCall;
    if (call)
      saved(conversationId, {
        ...turn,
        answer: { ...turn.answer, pausedToolCall: { ...call, checkedAt: context.now() } },
      });
  };

  async function decide(
    conversationId: string,
    turnId: string,
    action: 'allow' | 'deny',
    options: Standing,
    live: () => void,
  ) {
    const shown = find(conversationId, turnId)?.answer.pausedToolCall;
    const pending = await sync.pendingCall(conversationId, turnId);
    const turn = find(conversationId, turnId);
    // Stopped meanwhile (sign-out), or decided by the time the read came back.
    if (context.closed.now || !turn || turn.status !== 'waiting' || state().live[turnId]) return;
    if (options.standing && (typeof pending !== 'object' || pending === null || !singleCall(pending))) return;
    if (pending === 'unreadable') {
      state().problemReported(
        `Nothing was ${action === 'allow' ? 'allowed' : 'denied'}: the server could not be asked which call is waiting. Try again.`,
      );
      return checkedAgain(conversationId, turn);
    }
    if (pending === null) {
      state().problemReported(
        'That tool call no longer waits: it was decided elsewhere or expired. This is the chat as the server has it now.',
      );
      await sync.reload(conversationId, turnId);
      return;
    }
    if (pending !== 'unchecked' && shown && !isShownCall(shown, pending)) {
      // Another call waits now: the card shows it, says what changed, and asks again (never a standing allowance).
      if (options.standing) return;
      const now = pausedFromStored(pending, turn.answer.thoughts);
      const changedFrom = { toolName: shown.toolName, args: shown.args };
      return saved(conversationId, { ...turn, answer: { ...turn.answer, pausedToolCall: { ...now, changedFrom } } });
    }
    const summary = state().conversations[conversationId];
    // "For the rest of this chat": kept before the call goes on, so a pause later in this same answer is answered too.
    if (summary && shown && action === 'allow' && options.always) {
      const allowance = { assistantId: turn.assistantId, assistantName: turn.assistantName, toolName: shown.toolName };
      saveSummary({ ...summary, ...allowancesChanged(summary, withAllowance(summary.allowedTools, allowance)) });
    }
    // The reason is the next question once this turn ends: first in the queue, held until the denial is known to
    // have gone through (a failed one takes it back: nothing says "Denied" of a call that was not denied).
    let reason: { id: string; release: () => void } | undefined;
    if (options.reason) {
      const choice = { assistant: { id: turn.assistantId, name: turn.assistantName }, model: turn.model ?? '' };
      const release = queue.hold(conversationId);
      reason = {
        id: queue.queueFirst(conversationId, `Denied: ${options.reason}`, { ...choice, mode: 'stream' }),
        release,
      };
    }
    try {
      await sendDecision(conversationId, turn, action, options, live, reason);
    } finally {
      reason?.release();
    }
  }

  async function sendDecision(
    conversationId: string,
    turn: Turn,
    action: 'allow' | 'deny',
    options: Standing,
    live: () => void,
    reason: { id: string } | undefined,
  ) {
    // The node keeps who let it run (or not) and how long it waited for them: the pause began when the turn ended.
    const resumed = answerResumed(turn, {
      action,
      at: context.now(),
      ...(turn.endedAt !== undefined ? { waitedFrom: turn.endedAt } : {}),
      ...(options.standing ? { standing: true } : {}),
    });
    state().liveChanged(conversationId, resumed);
    saved(conversationId, resumed);
    live();
    // A pause later in this answer is a new decision (a standing allowance may answer it as the answer ends).
    const ended = await stream.resume(conversationId, resumed, action);
    const failure = resumeFailureWords(ended, turn.answer.text);
    // The connection closed with nothing of the answer after the pause (and the answer is not followed on): whether the
    // decision reached the server is read from it, as for a failure.
    const cutShort =
      ended.status === 'interrupted' &&
      ended.error === undefined &&
      ended.answer.text === turn.answer.text &&
      !state().live[turn.id] &&
      !context.silentOnce.has(turn.id);
    if (failure === null && !cutShort) return;
    // The approval is gone (or the server could not take it): said once, then the server's copy is shown.
    const now = await sync.pendingCall(conversationId, turn.id);
    // Cut short, and the call no longer waits: the decision most likely reached the server, so a Deny's reason still
    // goes as the next question; otherwise it is taken back.
    const landed = failure === null && now === null;
    if (reason && !landed) queue.removeQueued(conversationId, reason.id);
    const decision = action === 'allow' ? 'Allow' : 'Deny';
    state().problemReported(
      `${
        failure === null
          ? `Your ${decision} may not have reached the server: the connection closed before any of the answer came.`
          : `Your ${decision} did not go through: the server said “${failure}”`
      } ${
        now === null
          ? 'The tool call may no longer wait for you: this is the chat as the server has it now.'
          : typeof now === 'object'
            ? 'The call still waits: look at it again, then allow or deny it.'
            : 'Whether the call still waits could not be read from the server: open this chat again to see how it stands.'
      }${options.reason ? (landed ? ' Your reason goes as the next question.' : ` Your reason (“${options.reason}”) was not sent.`) : ''}`,
    );
    // Still held there: the card is back as it was before the decision (no failed resume's error stays in an answer
    // that goes on later), live, and a click reads the server again first.
    if (now !== null && typeof now === 'object') checkedAgain(conversationId, turn);
    else if (now === null) await sync.reload(conversationId, turn.id);
    // Unknown there: the failed turn says why, with nothing to click that cannot succeed.
  }

  function start(conversationId: string, turnId: string, action: 'allow' | 'deny', options: Standing) {
    const turn = find(conversationId, turnId);
    // One decision per pause: a second click, or a turn already going on, sends nothing.
    if (!turn || turn.status !== 'waiting' || state().live[turnId] || deciding.has(turnId)) return;
    const token = {};
    deciding.set(turnId, token);
    // A standing allowance's answer shows no card while the server is asked; from here the turn says what happens.
    if (options.standing) state().standingAllowing(turnId, true);
    const release = () => {
      if (options.standing) state().standingAllowing(turnId, false);
      if (deciding.get(turnId) === token) deciding.delete(turnId);
    };
    context.tracked(decide(conversationId, turnId, action, options, release).finally(release));
  }

  // A pause of a tool the person allowed for the rest of this chat (for that assistant) is allowed at once, where the
  // chat's assistants let it loosen their policy (known, not assumed), and only when the server holds that one call.
  context.onPause((conversationId, turn) => {
    const toolName = turn.answer.pausedToolCall?.toolName;
    const allowed = state().conversations[conversationId]?.allowedTools;
    if (!toolName || !isAllowed(allowed, { assistantId: turn.assistantId, toolName })) return;
    if (state().allowancesApply[conversationId] === true) start(conversationId, turn.id, 'allow', { standing: true });
  });

  return {
    decideToolCall(conversationId, turnId, action, options = {}) {
      const reason = action === 'deny' ? options.reason?.trim() : undefined;
      start(conversationId, turnId, action, {
        ...(action === 'allow' && options.always ? { always: true } : {}),
        ...(reason ? { reason } : {}),
      });
    },
    revokeAllowance(conversationId, allowance) {
      const summary = state().conversations[conversationId];
      if (summary && isAllowed(summary.allowedTools, allowance))
        saveSummary({ ...summary, ...allowancesChanged(summary, withoutAllowance(summary.allowedTools, allowance)) });
    },
    allowancesApply: (conversationId, apply) => state().allowancesRead(conversationId, apply),
  };
}
