import { applyChunk, countMalformed, endAnswer } from '@/domain/answer';
import type { ErrorDescription } from '@/domain/describe-error';
import type { StreamChunk } from '@/domain/stream-chunk';
import { isTurnActive, type Turn } from './turn';

// What happens to a turn while its call runs, as pure functions: the runtime applies them to the live turn.

/** The answer started arriving: how it travels and the server's request id. */
export const answerOpened = (turn: Turn, info: Pick<Turn, 'requestId' | 'wire'>): Turn =>
  isTurnActive(turn) ? { ...turn, status: turn.mode === 'stream' ? 'streaming' : turn.status, ...info } : turn;

/** Chunks (and unreadable pieces, as null) that arrived since the last frame. */
export function streamProgressed(turn: Turn, items: readonly (StreamChunk | null)[]): Turn {
  // Nothing lands on a turn that has ended (stopped, interrupted, failed): its tree is settled.
  if (turn.endedAt !== undefined) return turn;
  const answer = items.reduce((current, item) => (item ? applyChunk(current, item) : countMalformed(current)), turn.answer);
  const status = answer.complete ? 'completed' : turn.status === 'sending' ? 'streaming' : turn.status;
  return { ...turn, answer, status };
}

export const answerDetailsReceived = (turn: Turn, details: { tokensUsed?: number | null; taskId?: string | null }): Turn => ({
  ...turn,
  answer: { ...turn.answer, ...details },
});

/** The server closed the stream (or the connection broke); without `last` the turn is interrupted. */
export function answerEnded(turn: Turn, now: number): Turn {
  if (!isTurnActive(turn) && turn.status !== 'completed') return turn;
  if (turn.endedAt !== undefined) return turn;
  const end = turn.answer.complete ? 'completed' : 'interrupted';
  return { ...turn, status: end, answer: endAnswer(turn.answer, end), endedAt: now };
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
