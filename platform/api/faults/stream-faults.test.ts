// Codemie Agent (answer as "Codemie Thoughts"), Flaky Connection, Garbled Stream, Agent With Errors.
import { describe, expect, it } from 'vitest';
import type { WireAssistantAnswer } from '../../wire';
import { chunksOf, readRaw, sseData } from '../../stream-read';
import { api, ids, passwordToken, platformWithAnalyst, startTestPlatform } from '../../test-support';

const { analyst } = platformWithAnalyst(1);

const ask = (call: typeof analyst, id: string, stream = true) =>
  call(`/assistants/${id}/model`, { body: { text: 'What is a vector database?', stream } });

describe('agent-style and faulty streams', () => {
  it('Codemie Agent: the answer arrives only as "Codemie Thoughts", then two last chunks', async () => {
    const response = await ask(analyst, ids.codemie);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const { text } = await readRaw(response);
    const { chunks, bad } = chunksOf(response.headers.get('content-type'), text);
    expect(bad).toEqual([]);
    expect(chunks.every((chunk) => chunk.generated_chunk === null)).toBe(true);
    const answerThoughts = chunks.flatMap((chunk) =>
      chunk.thought?.author_name === 'Codemie Thoughts' ? [chunk.thought] : [],
    );
    expect(new Set(answerThoughts.map((thought) => thought.id)).size).toBe(1);
    expect(answerThoughts.at(-1)).toMatchObject({
      message: '',
      in_progress: false,
      author_type: 'Tool',
      parent_id: null,
    });
    expect(answerThoughts.slice(0, -1).every((thought) => thought.in_progress)).toBe(true);
    const lasts = chunks.filter((chunk) => chunk.last === true);
    expect(lasts).toHaveLength(2);
    // Streamed text has `}{` written as `}_{`; the final `generated` is the text as is.
    expect(lasts[0]?.generated?.replaceAll('}{', '}_{')).toBe(
      answerThoughts.map((thought) => thought.message).join(''),
    );
    expect(lasts[0]?.generated).toContain('}{');
    expect(typeof lasts[0]?.time_elapsed).toBe('number');
    expect(lasts[1]).toMatchObject({ success: true, agent_error: null, tool_errors: [], generated: null });
    expect(chunks.at(-1)).toBe(lasts[1]);

    const json = (await (await ask(analyst, ids.codemie, false)).json()) as WireAssistantAnswer & { success?: boolean };
    // The JSON answer and the final chunk both have the text as written.
    expect(json.generated).toBe(lasts[0]?.generated);
    expect(json.success).toBe(true);
    expect(json.thoughts?.map((thought) => thought.author_name)).toEqual(['search_knowledge_base', 'Codemie Thoughts']);
  });

  it('Flaky Connection: the read ends abruptly with no last chunk, on either wire', async () => {
    const check = async (call: typeof analyst, type: string) => {
      const started = performance.now();
      const response = await ask(call, ids.flaky);
      expect(response.headers.get('content-type')).toBe(type);
      const { text, error } = await readRaw(response);
      expect(error).toBeDefined();
      expect(performance.now() - started).toBeGreaterThan(20);
      const { chunks } = chunksOf(type, text);
      expect(chunks.length).toBeGreaterThan(5);
      expect(chunks.some((chunk) => chunk.thought?.in_progress === true)).toBe(true);
      expect(chunks.some((chunk) => chunk.last !== null)).toBe(false);
    };
    await check(analyst, 'text/event-stream; charset=utf-8');
    const forced = await startTestPlatform(1, 600, 'ndjson');
    try {
      await check(api(forced, await passwordToken(forced, 'analyst')), 'application/x-ndjson');
    } finally {
      await forced.close();
    }
  });

  it('Garbled Stream: exactly one unparsable data line, the rest parse and end with last', async () => {
    const response = await ask(analyst, ids.garbled);
    const { text, error } = await readRaw(response);
    expect(error).toBeUndefined();
    const { chunks, bad } = chunksOf(response.headers.get('content-type'), text);
    expect(bad).toEqual(['{"generated_chunk": "oops']);
    expect(sseData(text).every((payload) => !payload.startsWith('data:'))).toBe(true);
    const last = chunks.at(-1);
    expect(last?.last).toBe(true);
    expect(
      chunks
        .slice(0, -1)
        .map((chunk) => chunk.generated_chunk)
        .join(''),
    ).toBe(last?.generated);
  });

  it('Agent With Errors: the last chunk carries execution_error and a user-facing text', async () => {
    const response = await ask(analyst, ids.agentErrors);
    const { chunks } = chunksOf(response.headers.get('content-type'), (await readRaw(response)).text);
    const lasts = chunks.filter((chunk) => chunk.last === true);
    expect(lasts[0]).toMatchObject({ execution_error: 'guardrails', generated: expect.stringContaining('guardrail') });
    expect(lasts[1]).toMatchObject({ success: false });
    expect(chunks.some((chunk) => chunk.thought?.error === true)).toBe(true);
  });
});
