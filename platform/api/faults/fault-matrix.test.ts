// The Fault Injector's transport faults over real HTTP, and the POST counter tests rely on.
import { describe, expect, it } from 'vitest';
import { drip, hugeChunkChars } from '../../assistants/faults/fault-matrix';
import { readRaw, splitJsonObjects, sseData } from '../../stream-read';
import { ids, passwordToken, platformWithAnalyst } from '../../test-support';

const { analyst, platform } = platformWithAnalyst(1);
const consoleOrigin = 'http://localhost:5173';

const ask = (question: string) =>
  analyst(`/assistants/${ids.faultInjector}/model`, {
    body: { text: question, stream: true },
    headers: { Origin: consoleOrigin },
  });

const posts = async (question?: string) => {
  const query = new URLSearchParams({ assistant: ids.faultInjector, ...(question ? { question } : {}) });
  return ((await (await fetch(`${platform().origin}/__test/posts?${query}`)).json()) as { posts: number }).posts;
};

describe('Fault Injector: transport faults', () => {
  it('counts each call once, per assistant and per question, outside the API paths', async () => {
    const before = await posts();
    await readRaw(await ask('no fault, count me'));
    expect(await posts('no fault, count me')).toBe(1);
    expect(await posts()).toBe(before + 1);
    expect(await posts('never asked')).toBe(0);
  });

  it('drops the connection on the wire the question names, after a partial answer and a running tool', async () => {
    const ndjson = await ask('drop ndjson');
    expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson');
    const cut = await readRaw(ndjson);
    expect(cut.error).toBeDefined();
    const objects = splitJsonObjects(cut.text).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(objects[0]?.['thought']).toMatchObject({ author_name: 'lookup_records', in_progress: true });
    expect(objects.some((object) => object['last'] === true)).toBe(false);
    expect((await ask('drop sse')).headers.get('content-type')).toMatch(/text\/event-stream/);
  });

  it('drips a chunk a few bytes at a time', async () => {
    const started = Date.now();
    const reader = (await ask('slow drip')).body?.getReader();
    const reads: number[] = [];
    while (reads.length < 8) reads.push((await reader?.read())?.value?.length ?? 0);
    await reader?.cancel();
    expect(Math.max(...reads)).toBeLessThanOrEqual(drip.bytes);
    expect(Date.now() - started).toBeGreaterThanOrEqual(drip.everyMs * 7);
  });

  it('stalls after a partial answer', async () => {
    const response = await ask('stall');
    const reader = response.body?.getReader();
    let text = '';
    while (!text.includes('"generated_chunk":"and"')) text += new TextDecoder().decode((await reader?.read())?.value);
    const next = reader?.read();
    const silent = await Promise.race([
      next?.then(() => 'data'),
      new Promise((resolve) => setTimeout(() => resolve('silent'), 500)),
    ]);
    expect(silent).toBe('silent');
    await reader?.cancel();
  });

  it('sends a 5 MB chunk between two parts of a complete answer', async () => {
    const payloads = sseData((await readRaw(await ask('huge chunk'))).text);
    expect(Math.max(...payloads.map((payload) => payload.length))).toBeGreaterThan(hugeChunkChars);
    expect(JSON.parse(payloads.at(-1) ?? '{}')).toMatchObject({
      last: true,
      generated: expect.stringContaining('after a 5 MB chunk'),
    });
  });

  it('answers 500 and 503 with the API’s JSON error, 502 with a gateway’s HTML page', async () => {
    const crashed = await ask('server error');
    expect(crashed.status).toBe(500);
    expect(((await crashed.json()) as { error: { message: string } }).error.message).toBe(
      'The assistant crashed (simulated)',
    );
    const unavailable = await ask('unavailable');
    expect(unavailable.status).toBe(503);
    const gateway = await ask('bad gateway');
    expect(gateway.status).toBe(502);
    expect(gateway.headers.get('content-type')).toBe('text/html');
    expect(await gateway.text()).toContain('<h1>502 Bad Gateway</h1>');
  });

  it('redirects to a sign-in page on the API origin that a console origin may read', async () => {
    const token = await passwordToken(platform(), 'analyst');
    const redirect = await fetch(`${platform().apiBaseUrl}/v1/assistants/${ids.faultInjector}/model`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Origin: consoleOrigin },
      body: JSON.stringify({ text: 'login redirect', stream: true }),
    });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location') ?? '', platform().apiBaseUrl);
    expect(location.pathname).toBe('/code-assistant-api/oauth2/sign_in');
    const page = await fetch(location, { headers: { Origin: consoleOrigin } });
    expect(page.status).toBe(200);
    expect(page.headers.get('access-control-allow-origin')).toBe(consoleOrigin);
    expect(await page.text()).toContain('Sign in to continue');
  });
});
