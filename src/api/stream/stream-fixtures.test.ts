// @vitest-environment jsdom
// The recorded Research Agent streams, served by a fake network cut into reads at arbitrary byte positions,
// through the real stream module and reducer: the final answer and tree never depend on where reads split.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChunk, emptyAnswer, endAnswer, type Answer } from '@/domain/answer/answer';
import ndjsonRecording from '@/domain/stream/fixtures/research-agent.ndjson.txt?raw';
import sseRecording from '@/domain/stream/fixtures/research-agent.sse.txt?raw';
import { cutAt } from '@/test/cut-at';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import { streamAssistant } from './assistant-stream';

async function replay(body: string, contentType: string, cuts: number[]): Promise<Answer> {
  const parts = cutAt(new TextEncoder().encode(body), cuts).filter((part) => part.length > 0);
  const { fetchImpl } = fakeNetwork([{ contentType, parts }]);
  let answer = emptyAnswer;
  let malformed = 0;
  const end = await streamAssistant(
    clientFor(fetchImpl).client,
    { assistantId: 'a', request: { text: 'q' }, signal: new AbortController().signal },
    {
      onChunk: (chunk) => {
        answer = applyChunk(answer, chunk);
      },
      onMalformed: () => {
        malformed += 1;
      },
    },
  );
  expect(end).toBe('closed');
  expect(malformed).toBe(0);
  return endAnswer(answer, 'completed');
}

describe('recorded streams through the stream module', () => {
  it('give the same answer and tree on both wires', async () => {
    const sse = await replay(sseRecording, 'text/event-stream', []);
    const ndjson = await replay(ndjsonRecording, 'application/x-ndjson', []);
    expect(sse.complete).toBe(true);
    expect(ndjson).toEqual(sse);
  });

  it('give the same result however the bytes are split across reads (property)', async () => {
    const whole = await replay(ndjsonRecording, 'application/x-ndjson', []);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 40 }), fc.boolean(), async (cuts, useSse) => {
        const answer = useSse
          ? await replay(sseRecording, 'text/event-stream', cuts)
          : await replay(ndjsonRecording, 'application/x-ndjson', cuts);
        expect(answer).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });
});
