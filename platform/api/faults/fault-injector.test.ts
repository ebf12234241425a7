// Fault Injector over real HTTP: in-stream errors on both wires, a deep thought, 429 with Retry-After in both
// forms, and CORS that exposes only Content-Disposition, as on real servers.
import { describe, expect, it } from 'vitest';
import { deepThoughtLevels, faultOf } from '../../assistants/faults/fault-injector';
import { readRaw, sseData, splitJsonObjects } from '../../stream-read';
import { api, ids, passwordToken, platformWithAnalyst, startTestPlatform } from '../../test-support';

const { analyst } = platformWithAnalyst(1);
const consoleOrigin = 'http://localhost:5173';

const ask = (question: string, call = analyst) =>
  call(`/assistants/${ids.faultInjector}/model`, {
    body: { text: question, stream: true },
    headers: { Origin: consoleOrigin },
  });

/** The raw SSE events of a body: type (default "message") and data. */
const sseEvents = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length) ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length))
        .join('\n');
      return { event, data };
    });

describe('Fault Injector', () => {
  it('picks the fault from the question, the error object by default', () => {
    expect(faultOf('please: BUSY date')).toBe('busy date');
    expect(faultOf('busy')).toBe('busy');
    expect(faultOf('an sse error now')).toBe('sse error');
    expect(faultOf('hello')).toBe('error object');
  });

  it('sends an error object after part of the answer, and no last chunk, on SSE and on NDJSON', async () => {
    const response = await ask('error object');
    expect(response.status).toBe(200);
    const events = sseEvents((await readRaw(response)).text);
    expect(events.every((event) => event.event === 'message')).toBe(true);
    const bodies = events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    expect(bodies.at(-1)).toEqual({
      error: { message: 'Access token expired (simulated)', details: null, help: null },
    });
    expect(bodies.some((body) => body['last'] === true)).toBe(false);
    expect(bodies.filter((body) => typeof body['generated_chunk'] === 'string').length).toBeGreaterThan(3);

    const forced = await startTestPlatform(1, 600, 'ndjson');
    try {
      const ndjson = await ask('detail', api(forced, await passwordToken(forced, 'analyst')));
      expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson');
      const objects = splitJsonObjects((await readRaw(ndjson)).text).map(
        (text) => JSON.parse(text) as Record<string, unknown>,
      );
      expect(objects.at(-1)).toEqual({ detail: 'Upstream model quota exhausted (simulated)' });
    } finally {
      await forced.close();
    }
  });

  it('sends an SSE error event, and an unknown event type before a normal end', async () => {
    const failing = sseEvents((await readRaw(await ask('sse error'))).text);
    expect(failing.at(-1)).toEqual({
      event: 'error',
      data: JSON.stringify({ message: 'The model provider closed the stream (simulated)' }),
    });

    const odd = sseEvents((await readRaw(await ask('unknown event'))).text);
    expect(odd.map((event) => event.event)).toContain('usage-report');
    expect(JSON.parse(odd.at(-1)?.data ?? '{}')).toMatchObject({
      last: true,
      generated: expect.stringContaining('finishes anyway'),
    });
  });

  it('sends a thought nested 3,000 levels deep, then a complete answer', async () => {
    const payloads = sseData((await readRaw(await ask('deep thought'))).text);
    const deep = payloads[0] ?? '';
    // Counted without parsing: a recursive reader is exactly what this chunk is meant to break.
    expect(deep.match(/"id":"deep-\d+"/g)).toHaveLength(deepThoughtLevels);
    expect(deep).toContain(']}'.repeat(deepThoughtLevels));
    expect((JSON.parse(deep) as { thought: { id: string } }).thought.id).toBe('deep-1');
    expect(JSON.parse(payloads.at(-1) ?? '{}')).toMatchObject({
      last: true,
      generated: expect.stringContaining('arrived in full'),
    });
  });

  it('answers 429 with Retry-After in seconds or as an HTTP-date; like real servers, CORS does not expose it', async () => {
    const seconds = await ask('busy');
    expect(seconds.status).toBe(429);
    expect(seconds.headers.get('retry-after')).toBe('3');
    expect(seconds.headers.get('access-control-allow-origin')).toBe(consoleOrigin);
    // A console on another origin reads it only through a same-origin proxy.
    expect(seconds.headers.get('access-control-expose-headers')).toBe('Content-Disposition');
    expect(((await seconds.json()) as { error: { message: string } }).error.message).toBe(
      'Too many requests (simulated)',
    );

    const dated = await ask('busy date');
    expect(dated.status).toBe(429);
    const at = Date.parse(dated.headers.get('retry-after') ?? '');
    expect(at - Date.now()).toBeGreaterThan(2000);
    expect(at - Date.now()).toBeLessThanOrEqual(4000);
  });
});
