import { describe, expect, it } from 'vitest';
import { describeError } from '@/domain/errors/describe-error';
import { ApiError } from '@/domain/errors/api-error';
import { GrowingText } from '@/domain/answer/growing-text';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { wireThought } from '@/test/wire-thought';
import { newTurn, type Turn } from './turn';
import { answerEnded, answerFailed, answerOpened, answerStopped, streamProgressed } from './turn-events';

const sending = newTurn({
  id: 't1',
  parentId: null,
  question: 'q',
  assistantId: 'a1',
  assistantName: 'A',
  mode: 'stream',
  startedAt: 0,
});

const progressed = (turn: Turn, items: readonly (StreamChunk | null)[]) =>
  streamProgressed({ turn, text: GrowingText.of(turn.answer.text) }, items, 0).turn;

describe('a turn while its call runs', () => {
  it('goes from sending to streaming to completed with the last chunk', () => {
    const open = answerOpened(sending, { wire: 'sse', requestId: 'r1' });
    expect(open).toMatchObject({ status: 'streaming', wire: 'sse', requestId: 'r1' });
    const growing = progressed(open, [{ generatedChunk: 'Hel' }, null, { generatedChunk: 'lo' }]);
    expect(growing).toMatchObject({ status: 'streaming', answer: { text: 'Hello', malformedChunks: 1 } });
    const done = answerEnded(progressed(growing, [{ generated: 'Hello!', last: true }]), 5);
    expect(done).toMatchObject({ status: 'completed', endedAt: 5, answer: { text: 'Hello!' } });
  });

  it('is interrupted when the stream ends without its last chunk, and nothing lands on it afterwards', () => {
    const cut = answerEnded(progressed(sending, [{ generatedChunk: 'Half' }]), 3);
    expect(cut).toMatchObject({ status: 'interrupted', answer: { text: 'Half' } });
    expect(progressed(cut, [{ generatedChunk: ' more' }])).toBe(cut);
    expect(answerStopped(cut, 4)).toBe(cut);
  });

  it('keeps what arrived when stopped, and says why when failed', () => {
    expect(answerStopped(progressed(sending, [{ generatedChunk: 'Once' }]), 2)).toMatchObject({
      status: 'stopped',
      answer: { text: 'Once' },
    });
    const error = describeError(new ApiError({ kind: 'network', details: 'refused' }), 'assistant');
    expect(answerFailed(sending, error, 2)).toMatchObject({ status: 'failed', error, endedAt: 2 });
  });

  it('stays sending in JSON mode until the body arrives', () => {
    expect(answerOpened({ ...sending, mode: 'json' }, { wire: 'json' }).status).toBe('sending');
  });
});

describe('the arrival times of a turn’s thoughts', () => {
  it('records when each thought first and last arrived, and when it said it ended', () => {
    const first = streamProgressed(
      { turn: sending, text: GrowingText.of('') },
      [{ thought: wireThought('search', { author_name: 'web_search' }) }],
      1000,
    );
    const second = streamProgressed(
      first,
      [{ thought: wireThought('search', { in_progress: false }) }, { generatedChunk: 'Done' }],
      1800,
    );
    expect(second.turn.answer.thoughtTimes).toEqual({ search: { first: 1000, last: 1800, ended: 1800 } });
    expect(streamProgressed(second, [{ generatedChunk: '.' }], 2500).turn.answer.thoughtTimes).toBe(
      second.turn.answer.thoughtTimes,
    );
  });
});

describe('the live text of a turn', () => {
  const answerThought = (id: string, message: string): StreamChunk => ({
    thought: wireThought(id, { author_name: 'Codemie Thoughts', message }),
  });

  it('grows by what each frame added, from deltas and answer thoughts alike, and continues the previous frame', () => {
    const first = streamProgressed(
      { turn: sending, text: GrowingText.of('') },
      [{ generatedChunk: 'Hel' }, null, { generatedChunk: 'lo' }],
      0,
    );
    const second = streamProgressed(
      first,
      [
        answerThought('a', ', wor'),
        { generatedChunk: 'ld' },
        { thought: wireThought('tool', { author_name: 'Search', message: 'not answer text' }) },
      ],
      0,
    );
    expect(second.turn.answer.text).toBe('Hello, world');
    expect(second.text.toString()).toBe(second.turn.answer.text);
    expect(second.text.continues(first.text)).toBe(true);
    expect(second.text.from(7)).toBe('world');
  });

  it('starts over when the last chunk replaces the text, and ignores what lands on a finished answer', () => {
    const growing = streamProgressed({ turn: sending, text: GrowingText.of('') }, [{ generatedChunk: 'Draft' }], 0);
    const done = streamProgressed(
      growing,
      [{ generated: 'Final answer', last: true }, answerThought('late', ' more')],
      0,
    );
    expect(done.turn.answer.text).toBe('Final answer');
    expect(done.text.toString()).toBe('Final answer');
    expect(done.text.continues(growing.text)).toBe(false);
  });

  it('keeps its pieces when the last chunk brings no text of its own', () => {
    const growing = streamProgressed({ turn: sending, text: GrowingText.of('') }, [{ generatedChunk: 'All' }], 0);
    const done = streamProgressed(growing, [{ generatedChunk: ' of it', last: true }], 0);
    expect(done.text.toString()).toBe('All of it');
    expect(done.text.continues(growing.text)).toBe(true);
  });
});
