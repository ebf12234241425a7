import { describe, expect, it } from 'vitest';
import { describeError } from '@/domain/describe-error';
import { ApiError } from '@/domain/api-error';
import { newTurn } from './turn';
import { answerEnded, answerFailed, answerOpened, answerStopped, streamProgressed } from './turn-events';

const sending = newTurn({ id: 't1', parentId: null, question: 'q', assistantId: 'a1', assistantName: 'A', mode: 'stream', startedAt: 0 });

describe('a turn while its call runs', () => {
  it('goes from sending to streaming to completed with the last chunk', () => {
    const open = answerOpened(sending, { wire: 'sse', requestId: 'r1' });
    expect(open).toMatchObject({ status: 'streaming', wire: 'sse', requestId: 'r1' });
    const growing = streamProgressed(open, [{ generatedChunk: 'Hel' }, null, { generatedChunk: 'lo' }]);
    expect(growing).toMatchObject({ status: 'streaming', answer: { text: 'Hello', malformedChunks: 1 } });
    const done = answerEnded(streamProgressed(growing, [{ generated: 'Hello!', last: true }]), 5);
    expect(done).toMatchObject({ status: 'completed', endedAt: 5, answer: { text: 'Hello!' } });
  });

  it('is interrupted when the stream ends without its last chunk, and nothing lands on it afterwards', () => {
    const cut = answerEnded(streamProgressed(sending, [{ generatedChunk: 'Half' }]), 3);
    expect(cut).toMatchObject({ status: 'interrupted', answer: { text: 'Half' } });
    expect(streamProgressed(cut, [{ generatedChunk: ' more' }])).toBe(cut);
    expect(answerStopped(cut, 4)).toBe(cut);
  });

  it('keeps what arrived when stopped, and says why when failed', () => {
    expect(answerStopped(streamProgressed(sending, [{ generatedChunk: 'Once' }]), 2)).toMatchObject({ status: 'stopped', answer: { text: 'Once' } });
    const error = describeError(new ApiError({ kind: 'network', details: 'refused' }), 'assistant');
    expect(answerFailed(sending, error, 2)).toMatchObject({ status: 'failed', error, endedAt: 2 });
  });

  it('stays sending in JSON mode until the body arrives', () => {
    expect(answerOpened({ ...sending, mode: 'json' }, { wire: 'json' }).status).toBe('sending');
  });
});
