// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretMask } from '@/domain/headers/secrets';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import { callAssistant } from '@/test/assistant-json-call';
import { streamAssistant } from '@/api/stream/assistant-stream';
import type { HeaderProvider } from './http-client';
import type { ForwardedHeaders } from './request-log';
import { scrubStream } from './secret-scrub';

const key = 'k-7f3a9c21-live';

/** A profile with one secret header and one plain one, as the headers feature hands them over: masked, plus the value. */
const provider: HeaderProvider = {
  headersFor: () => ({
    ok: true,
    forwarded: {
      profileName: 'Tenant A',
      propagate: true,
      headers: [
        { name: 'X-Tenant-ID', template: 'acme', value: 'acme', stripped: false, secret: false },
        { name: 'X-Service-Token', template: secretMask, value: secretMask, stripped: false, secret: true },
      ],
      notSent: [],
    },
    secrets: { 'X-Service-Token': key },
  }),
  secretValues: () => [key],
};

// The tool's report of what it received, as the platform streams it: JSON in a JSON chunk.
const report = JSON.stringify({ received_headers: { 'x-service-token': key, 'x-tenant-id': 'acme' } });
const sse = `data: ${JSON.stringify({ generated: '', thought: { message: report } })}\n\ndata: {"generated":"said ${key}","last":true}\n\n`;

describe('secret header values', () => {
  it('go on the wire, and only the mask reaches the log, the caller and the stream’s readers', async () => {
    const { calls, fetchImpl } = fakeNetwork([
      // The value arrives cut across reads, as a network may deliver it.
      {
        contentType: 'text/event-stream',
        parts: [sse.slice(0, 40), sse.slice(40, sse.indexOf(key) + 5), sse.slice(sse.indexOf(key) + 5)],
      },
    ]);
    const { client } = clientFor(fetchImpl, ['first'], provider);
    const seen: string[] = [];
    let sent: ForwardedHeaders | null = null;
    await streamAssistant(
      client,
      {
        assistantId: 'a1',
        request: { text: 'hi' },
        signal: new AbortController().signal,
        subject: 't',
        onSent: (call) => (sent = call.forwarded),
      },
      { onChunk: (chunk) => seen.push(JSON.stringify(chunk)), onMalformed: (raw) => seen.push(raw) },
    );
    expect(new Headers(calls[0]?.init?.headers).get('x-service-token')).toBe(key);
    const logged = client.log.latestFor('t');
    expect(logged?.requestHeaders).toContainEqual(['X-Service-Token', secretMask]);
    expect(logged?.secretHeaders).toEqual(['X-Service-Token']);
    expect(JSON.stringify(logged)).not.toContain(key);
    expect(JSON.stringify(sent)).not.toContain(key);
    expect(seen.join('\n')).not.toContain(key);
    expect(seen.join('\n')).toContain(secretMask);
  });

  it('are masked in a JSON answer and in the call a preview would make', async () => {
    const answer = JSON.stringify({ generated: `echo ${key}`, timeElapsed: 0.1, tokensUsed: null, taskId: null });
    const { fetchImpl } = fakeNetwork([{ contentType: 'application/json', parts: [answer] }]);
    const { client } = clientFor(fetchImpl, ['first'], provider);
    const result = await callAssistant(client, 'a1', { text: 'hi' }, { subject: 'j' });
    expect(JSON.stringify(result)).not.toContain(key);
    await expect.poll(() => client.log.latestFor('j')?.responseBody).toContain(secretMask);
    expect(client.log.latestFor('j')?.responseBody).not.toContain(key);
    const decision = provider.headersFor({ kind: 'workflow' });
    const preview = client.preview('/v1/x', { method: 'POST', body: {} }, decision.ok ? decision.forwarded : null);
    expect(preview.secretHeaders).toEqual(['X-Service-Token']);
    expect(JSON.stringify(preview)).not.toContain(key);
  });
});

describe('scrubStream', () => {
  async function through(pieces: string[], values: string[]): Promise<string[]> {
    const out: string[] = [];
    const readable = new ReadableStream<string>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    }).pipeThrough(scrubStream(values));
    const reader = readable.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value);
    return out;
  }

  it('masks a value however the text is cut, and changes nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.array(fc.nat(), { maxLength: 6 }), async (before, after, cuts) => {
        fc.pre(!`${before}${after}`.includes('s3cr3t'));
        const text = `${before}s3cr3t-val${after}`;
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...points].map((start, index) => text.slice(start, [...points, text.length][index]));
        const joined = (await through(pieces, ['s3cr3t-val'])).join('');
        expect(joined).toBe(`${before}${secretMask}${after}`);
      }),
    );
  });

  it('masks an encoded value (percent, Markdown in JSON, Basic) however the text is cut', async () => {
    const value = 'tt_live/42"x';
    const forms = [
      encodeURIComponent(value),
      JSON.stringify(value.replace(/[_"]/g, (char) => `\\${char}`)).slice(1, -1),
      `Basic ${btoa(`leaky:${value}`)}`,
      btoa(value).replace(/\+/g, '-').replace(/\//g, '_'),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...forms), fc.array(fc.nat(), { maxLength: 6 }), async (form, cuts) => {
        const text = `data: {"text":"got ${form} here"}`;
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...points].map((start, index) => text.slice(start, [...points, text.length][index]));
        const joined = (await through(pieces, [value])).join('');
        expect(joined).not.toContain(form);
        expect(joined).toContain(secretMask);
      }),
      { numRuns: 300, seed: 43 },
    );
  });

  it('passes a line on as soon as it ends, holding back nothing of it', async () => {
    const out: string[] = [];
    const { readable, writable } = scrubStream(['a-secret']);
    const writer = writable.getWriter();
    const reader = readable.getReader();
    void writer.write('data: {"x":1}\n\n');
    out.push(String((await reader.read()).value));
    expect(out).toEqual(['data: {"x":1}\n\n']);
    void writer.close();
  });
});
