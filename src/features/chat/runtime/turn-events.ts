import type { ToolDecision } from '@/domain/approval/paused-call';
import { asksWithForm, endAnswer, resumedAnswer } from '@/domain/answer/answer';
import { applyAnswerUpdate, type AnswerUpdate } from '@/domain/answer/answer-update';
import type { ErrorDescription } from '@/domain/errors/describe-error';
import { GrowingText } from '@/domain/answer/growing-text';
import { isTurnActive, type Turn } from './turn';

// What happens to a turn while its call runs, as pure functions: the runtime applies them to the live turn.

/** The answer started arriving: how it travels, the request id and the trace id its call carried. */
export const answerOpened = (turn: Turn, info: Pick<Turn, 'requestId' | 'traceId' | 'wire'>): Turn =>
  isTurnActive(turn) ? { ...turn, status: turn.mode === 'stream' ? 'streaming' : turn.status, ...info } : turn;

/** A turn being answered, with its answer's text also as the pieces it grew by (for the view of its end). */
export interface LiveProgress {
  turn: Turn;
  text: GrowingText;
}

/** What a batch of chunks, folded where the stream was read, changed in the answer: applied as it arrives. */
export function updateApplied(live: LiveProgress, update: AnswerUpdate): LiveProgress {
  const { turn } = live;
  // Nothing lands on a turn that has ended (stopped, interrupted, failed): its tree is settled.
  if (turn.endedAt !== undefined) return live;
  const answer = applyAnswerUpdate(turn.answer, update);
  const status = answer.complete
    ? answer.pausedToolCall || asksWithForm(answer)
      ? 'waiting'
      : 'completed'
    : turn.status === 'sending'
      ? 'streaming'
      : turn.status;
  // The batch's pieces are joined: one piece per screen update, not per token.
  const text = update.replaced ? GrowingText.of(update.text) : live.text.append(update.text);
  return { turn: { ...turn, answer, status }, text };
}

export const answerDetailsReceived = (
  turn: Turn,
  details: { tokensUsed?: number | null; taskId?: string | null },
): Turn => ({
  ...turn,
  answer: { ...turn.answer, ...details },
});

/** The server closed the stream (or the connection broke); without `last` the turn is interrupted. */
export function answerEnded(turn: Turn, now: number): Turn {
  if (!isTurnActive(turn) && turn.status !== 'completed' && turn.status !== 'waiting') return turn;
  if (turn.endedAt !== undefined) return turn;
  const end = turn.answer.complete ? 'completed' : 'interrupted';
  const status = end === 'completed' && (turn.answer.pausedToolCall || asksWithForm(turn.answer)) ? 'waiting' : end;
  return { ...turn, status, answer: endAnswer(turn.answer, end), endedAt: now };
}

export const answerStopped = (turn: Turn, now: number): Turn =>
  isTurnActive(turn) ? { ...turn, status: 'stopped', answer: endAnswer(turn.answer, 'stopped'), endedAt: now } : turn;

export const answerFailed = (turn: Turn, error: ErrorDescription, now: number): Turn => ({
  ...turn,
  status: 'failed',
  answer: endAnswer(turn.answer, 'interrupted'),
  error,
  endedAt: now,
});

/** The person allowed or denied the paused call: the same answer goes on, streamed into the turn. */
export const answerResumed = (turn: Turn, decision?: ToolDecision): Turn => {
  const { endedAt: _ended, error: _error, ...rest } = turn;
  return { ...rest, status: 'sending', answer: resumedAnswer(turn.answer, decision) };
};
