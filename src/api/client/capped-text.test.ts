import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientFor } from '@/test/fake-network';
import { isApiError } from '@/domain/errors/api-error';
import { errorFromResponse } from './http-client';
import { readCappedText, textBodyLimit } from './capped-text';

/** A body that never ends (64 KiB of `fill` per read), and how many reads were taken from it. */
function endless(fill = 'x') {
  let reads = 0;
  const piece = new TextEncoder().encode(fill.repeat(64 * 1024));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      reads += 1;
      controller.enqueue(piece);
    },
  });
  return { body, reads: () => reads };
}

afterEach(() => vi.unstubAllGlobals());

describe('text bodies are read up to a limit', () => {
  it('reads at most the limit and says it was cut; a short body comes whole', async () => {
    const { body, reads } = endless();
    const capped = await readCappedText(new Response(body));
    expect(capped.truncated).toBe(true);
    expect(capped.text).toHaveLength(textBodyLimit);
    expect(reads()).toBeLessThan(textBodyLimit / (64 * 1024) + 3);
    expect(await readCappedText(new Response('é short'))).toEqual({ text: 'é short', truncated: false });
    // A character cut at the limit is left out rather than shown broken.
    expect(await readCappedText(new Response('aé'), 2)).toEqual({ text: 'a', truncated: true });
  });

  it('an endless error page becomes an error that says it was cut, instead of filling the memory', async () => {
    const { body, reads } = endless('<p>');
    const error = await errorFromResponse(
      new Response(body, { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    expect(error).toMatchObject({ kind: 'not-json', status: 502 });
    expect(String(error.details)).toMatch(/longer than 1 MiB: the console read only its beginning/);
    expect(reads()).toBeLessThan(20);
  });

  it('the request log keeps the beginning of an endless text answer, marked as cut', async () => {
    const { body } = endless();
    const { client } = clientFor(async () => new Response(body, { headers: { 'content-type': 'text/plain' } }));
    await client.send('/v1/notes', { subject: 'cut' });
    await vi.waitFor(() => expect(client.log.latestFor('cut')?.responseTruncated).toBe(true));
    expect(client.log.latestFor('cut')?.responseBody?.length).toBeGreaterThan(0);
  });

  it('an endless config.json is a named problem', async () => {
    const { body } = endless(' ');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(body)));
    vi.resetModules();
    const { loadRuntimeConfig } = await import('@/api/runtime-config-load');
    const loaded = await loadRuntimeConfig('/config.json');
    expect(loaded).toEqual({ ok: false, problems: ['/config.json: is larger than 1 MiB'] });
    expect(isApiError(loaded)).toBe(false);
  });
});
