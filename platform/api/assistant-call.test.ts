// Assistant calls: the JSON answer and the SSE stream of wire chunks.
import { describe, expect, it } from 'vitest';
import type { WireAssistantAnswer, WireChunk } from '../wire';
import { ids, platformWithAnalyst } from '../test-support';

const { analyst, platform } = platformWithAnalyst(5);

async function readEvents(response: Response): Promise<{ chunks: WireChunk[]; times: number[] }> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  const chunks: WireChunk[] = [];
  const times: number[] = [];
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      expect(event.startsWith('data: ')).toBe(true);
      chunks.push(JSON.parse(event.slice('data: '.length)) as WireChunk);
      times.push(performance.now());
      end = buffer.indexOf('\n\n');
    }
  }
  return { chunks, times };
}

describe('assistant call', () => {
  it('answers JSON with a markdown answer that depends on the question', async () => {
    const ask = async (text: string, extra: Record<string, unknown> = {}) => {
      const response = await analyst(`/assistants/${ids.general}/model`, { body: { text, ...extra } });
      expect(response.status).toBe(200);
      return (await response.json()) as WireAssistantAnswer;
    };
    const answer = await ask('Compare SSE and WebSockets in a table');
    expect(answer).toMatchObject({ thoughts: [] });
    expect(typeof answer.timeElapsed).toBe('number');
    expect(Number.isInteger(answer.tokensUsed)).toBe(true);
    expect(answer.taskId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.generated).toMatch(/^## .*WebSockets/m);
    expect(answer.generated).toContain('| --- |');
    expect(answer.generated).toContain('```ts');
    expect(answer.generated).toContain('gpt-4.1');

    const other = await ask('Write a TypeScript debounce function', {
      llm_model: 'gemini-2.5-pro',
      history: [
        { role: 'User', message: 'hi' },
        { role: 'Assistant', message: 'hello' },
      ],
      conversation_id: 'c1',
      metadata: {},
    });
    expect(other.generated).not.toBe(answer.generated);
    expect(other.generated).toContain('gemini-2.5-pro');
    expect(other.generated).toContain('turn 2');
    expect(other.generated).toContain('Earlier you asked: “hi”.');
  });

  it('streams word by word over SSE, incrementally, ending with a last chunk holding the whole answer', async () => {
    const started = performance.now();
    const response = await analyst(`/assistants/${ids.general}/chat`, {
      body: { text: 'Explain PKCE in two paragraphs', stream: true },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const { chunks, times } = await readEvents(response);
    const last = chunks.at(-1);
    expect(last?.last).toBe(true);
    expect(chunks.slice(0, -1).every((chunk) => chunk.last === null && typeof chunk.generated_chunk === 'string')).toBe(
      true,
    );
    expect(
      chunks
        .slice(0, -1)
        .map((chunk) => chunk.generated_chunk)
        .join(''),
    ).toBe(last?.generated);
    expect(chunks.length).toBeGreaterThan(60);
    // A current server's chunk: the A2UI and pending-call keys on every chunk, null; interactive_request gone.
    expect(last).toMatchObject({ a2ui: null, tool_call_pending: null });
    expect(Object.keys(last ?? {})).not.toContain('interactive_request');
    // 5 ms per token over > 60 tokens: the first chunk must arrive long before the last.
    const first = (times[0] ?? 0) - started;
    const total = (times.at(-1) ?? 0) - started;
    expect(total - first).toBeGreaterThan(200);
    expect(first).toBeLessThan(total / 3);
  });

  it('keeps generating when the client disconnects (current servers: background generation)', async () => {
    const inProgress = async () =>
      ((await (await fetch(`${platform().origin}/healthz`)).json()) as { answers_in_progress: number })
        .answers_in_progress;
    const response = await analyst(`/assistants/${ids.storyteller}/model`, {
      body: { text: 'Tell me a story', stream: true },
    });
    const reader = response.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    await reader?.cancel();
    // The story takes seconds more (25 ms per word): it is still being generated well after the client left.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inProgress()).toBe(1);
    const deadline = performance.now() + 20_000;
    while ((await inProgress()) > 0 && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await inProgress()).toBe(0);
  }, 30_000);
});

describe('assistant call on a 2.42 server', () => {
  const older = platformWithAnalyst(5, { server: '2.42' });

  it('stops generating when the client disconnects', async () => {
    const inProgress = async () =>
      ((await (await fetch(`${older.platform().origin}/healthz`)).json()) as { answers_in_progress: number })
        .answers_in_progress;
    const response = await older.analyst(`/assistants/${ids.storyteller}/model`, {
      body: { text: 'Tell me a story', stream: true },
    });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(first?.done).toBe(false);
    expect(await inProgress()).toBe(1);
    await reader?.cancel();
    // The story would take seconds more (25 ms per word); a stopped stream is gone almost at once.
    const deadline = performance.now() + 1000;
    while ((await inProgress()) > 0 && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await inProgress()).toBe(0);
  });
});
