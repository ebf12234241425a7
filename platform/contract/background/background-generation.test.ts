// Contract: current servers' background generation (CURRENT-SERVERS.md §2): the turn is stored in progress before
// its first chunk, outlives its client, can be aborted, and can be re-attached to with GET …/stream.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, passwordToken, platformWithAnalyst } from '../../test-support';
import { lastItem, lines, read, rest, settled, startWriting, words } from './background-support';

// 2 ms per unit: the Slow Writer writes a word every ~6 ms.
const { analyst, platform } = platformWithAnalyst(2);

const abort = (id: string) => analyst(`/conversations/${id}/abort`, { method: 'POST' });
const knob = (id: string) =>
  fetch(`${platform().origin}/__test/finish-before-stream?conversation=${id}`, { method: 'POST' });

describe('a streamed turn runs in the background', () => {
  it('is stored in progress before its first chunk: both items, an empty answer, no response time', async () => {
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 300);
    const stored = await read(analyst, id);
    expect(stored.history).toHaveLength(2);
    expect(stored.history[0]).toMatchObject({ role: 'User', message: 'words 300', in_progress: true });
    expect(lastItem(stored)).toMatchObject({
      role: 'Assistant',
      message: '',
      responseTime: null,
      in_progress: true,
      status: 'success',
    });
    expect(await rest(reader)).toContain('"last":true');
    expect(lastItem(await settled(analyst, id))).toMatchObject({ message: words(300), status: 'success' });
  });

  it('goes on when the client disconnects, and the final turn is stored as success', async () => {
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 150);
    await reader.cancel();
    const stored = await settled(analyst, id);
    expect(stored.history[0]?.['in_progress']).toBe(false);
    expect(lastItem(stored)).toMatchObject({ message: words(150), in_progress: false, status: 'success' });
    expect(lastItem(stored)?.responseTime).toEqual(expect.any(Number));
  });
});

describe('POST /v1/conversations/{id}/abort', () => {
  it('stops the run, stores the text so far as interrupted, and keeps it interrupted past the run’s end', async () => {
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await abort(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Generation aborted' });
    // The client still reading sees its stream close, with no `last` chunk.
    expect(await rest(reader)).not.toContain('"last":true');
    const stored = await read(analyst, id);
    const item = lastItem(stored);
    expect(item).toMatchObject({ in_progress: false, status: 'interrupted' });
    expect(item?.message.startsWith('word-1 word-2 ')).toBe(true);
    expect(item?.message.length).toBeLessThan(words(400).length);
    // 400 words take ~2.4 s: well after that the status is still interrupted, the text unchanged.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(lastItem(await read(analyst, id))).toMatchObject({ status: 'interrupted', message: item?.message });
  }, 15_000);

  it('is idempotent: nothing running answers 200 "No active generation"', async () => {
    const id = randomUUID();
    await startWriting(analyst, id, 400);
    expect(await (await abort(id)).json()).toEqual({ message: 'Generation aborted' });
    const again = await abort(id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: 'No active generation' });
  });

  it('unknown conversation → 404 Conversation not found; someone else’s → 401 Access denied', async () => {
    const missing = await abort(randomUUID());
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe('Conversation not found');
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 20);
    await rest(reader);
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    const foreign = await viewer(`/conversations/${id}/abort`, { method: 'POST' });
    expect(foreign.status).toBe(401);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe('Access denied');
  });
});

describe('GET /v1/conversations/{id}/stream', () => {
  it('replays every chunk from the turn’s start, newline-separated, then follows live to `last`', async () => {
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 200);
    await reader.cancel();
    const response = await analyst(`/conversations/${id}/stream`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const chunks = lines(await response.text());
    expect(chunks[0]?.generated_chunk).toBe('word-1 ');
    const last = chunks.at(-1);
    expect(last).toMatchObject({ last: true, generated: words(200) });
    expect(chunks.filter((chunk) => chunk.last === true)).toHaveLength(1);
    expect(chunks.map((chunk) => chunk.generated_chunk ?? '').join('')).toBe(words(200));
    // Ended only once the turn was stored finished.
    expect(lastItem(await read(analyst, id))).toMatchObject({ in_progress: false, status: 'success' });
  });

  it('answers 200 with an empty body when nothing is running', async () => {
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 10);
    await rest(reader);
    await settled(analyst, id);
    const response = await analyst(`/conversations/${id}/stream`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('unknown conversation → 404; someone else’s → 401', async () => {
    expect((await analyst(`/conversations/${randomUUID()}/stream`)).status).toBe(404);
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 100);
    const viewer = api(platform(), await passwordToken(platform(), 'viewer'));
    expect((await viewer(`/conversations/${id}/stream`)).status).toBe(401);
    await reader.cancel();
    await abort(id);
  });

  it('the test knob: the next /stream answers empty while the stored turn still says in progress', async () => {
    const id = randomUUID();
    const { reader } = await startWriting(analyst, id, 400);
    await reader.cancel();
    expect((await knob(id)).status).toBe(200);
    expect(lastItem(await read(analyst, id))?.['in_progress']).toBe(true);
    const raced = await analyst(`/conversations/${id}/stream`);
    expect(raced.status).toBe(200);
    expect(await raced.text()).toBe('');
    // Used up: the one after that follows the run again.
    const next = await analyst(`/conversations/${id}/stream`);
    const reattached = next.body?.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reattached?.read())?.value).toContain('"generated_chunk":"word-1 "');
    await abort(id);
    await reattached?.cancel();
  });
});
