import { describe, expect, it } from 'vitest';
import { secretMask } from '@/domain/headers/secrets';
import { buildHar, harRedacted, type HarCall } from './har';

const token = 'tt_live/42+x';
const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const creator = { name: 'Assistant Console', version: 'test' };

const streamed: HarCall = {
  id: 'c1',
  method: 'POST',
  url: 'http://localhost:8080/code-assistant-api/v1/assistants/a1/model?propagate_headers=true',
  requestHeaders: [
    ['Authorization', 'Bearer $ACCESS_TOKEN'],
    ['Content-Type', 'application/json'],
    ['X-Tenant-ID', 'acme'],
    ['X-Tool-Token', secretMask],
    ['X-Session-Id', 'sess-made-plain'],
    ['X-Upstream', 'ghp_0123456789abcdefghijABCDEFGHIJ'],
    ['X-Request-ID', 'req-1'],
    ['traceparent', traceparent],
  ],
  secretHeaders: ['X-Tool-Token'],
  requestBody: '{"text":"Leak my headers","stream":true}',
  requestId: 'req-1',
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  spanId: '00f067aa0ba902b7',
  startedAt: Date.UTC(2026, 10, 29, 9, 0, 0),
  state: 'done',
  status: 200,
  respondedMs: 40,
  responseHeaders: [
    ['content-type', 'text/event-stream'],
    ['set-cookie', 'sid=abc; HttpOnly'],
  ],
  durationMs: 250,
  stream: {
    wire: 'sse',
    chunks: [
      { at: 60, text: '{"generated_chunk":"Hello"}' },
      // A leak the log's own scrub missed (the value was marked secret after the call).
      { at: 120, text: `{"generated_chunk":"${btoa(`leaky:${token}`)}"}` },
    ],
    droppedChunks: 0,
  },
};

const plain: HarCall = {
  id: 'c2',
  method: 'GET',
  url: 'http://localhost:8080/code-assistant-api/v1/assistants?page=0',
  requestHeaders: [['Authorization', 'Bearer $ACCESS_TOKEN']],
  startedAt: Date.UTC(2026, 10, 29, 9, 0, 1),
  state: 'done',
  status: 200,
  respondedMs: 10,
  responseHeaders: [['content-type', 'application/json']],
  durationMs: 12,
  responseBody: '{"data":[]}',
};

const header = (entry: { request: { headers: { name: string; value: string }[] } }, name: string) =>
  entry.request.headers.find((item) => item.name === name)?.value;

describe('buildHar', () => {
  it('writes HAR 1.2: requests with headers, query and body; responses with status, headers, the stream as received; timings; ids', () => {
    const har = buildHar([streamed, plain], { sensitive: false, secretValues: [token] }, creator);
    const parsed = JSON.parse(JSON.stringify(har)) as typeof har;
    expect(parsed.log.version).toBe('1.2');
    expect(parsed.log.creator).toEqual(creator);
    const [entry, list] = parsed.log.entries;
    expect(entry?.startedDateTime).toBe('2026-11-29T09:00:00.000Z');
    expect(entry?.request.method).toBe('POST');
    expect(entry?.request.queryString).toEqual([{ name: 'propagate_headers', value: 'true' }]);
    expect(entry?.request.postData).toEqual({ mimeType: 'application/json', text: streamed.requestBody });
    expect(header(entry!, 'X-Tenant-ID')).toBe('acme');
    expect(header(entry!, 'traceparent')).toBe(traceparent);
    expect(header(entry!, 'X-Request-ID')).toBe('req-1');
    expect(entry?._requestId).toBe('req-1');
    expect(entry?._traceId).toBe(streamed.traceId);
    expect(entry?.response.status).toBe(200);
    expect(entry?.response.content.mimeType).toBe('text/event-stream');
    expect(entry?.response.content.text).toMatch(/^data: \{"generated_chunk":"Hello"\}\n\ndata: /);
    expect(entry?._chunks?.map((chunk) => chunk.at)).toEqual([60, 120]);
    expect(entry?.time).toBe(250);
    expect(entry?.timings).toMatchObject({ send: 0, wait: 40, receive: 210 });
    expect(list?.response.content.text).toBe('{"data":[]}');
  });

  it('is sanitized by default: no Authorization, cookie, secret, credential-named or token-looking value, in any form', () => {
    const text = JSON.stringify(buildHar([streamed, plain], { sensitive: false, secretValues: [token] }, creator));
    const entry = (JSON.parse(text) as ReturnType<typeof buildHar>).log.entries[0];
    expect(text).not.toMatch(/Bearer/i);
    expect(header(entry!, 'Authorization')).toBe(harRedacted);
    expect(header(entry!, 'X-Tool-Token')).toBe(harRedacted);
    expect(header(entry!, 'X-Session-Id')).toBe(harRedacted);
    expect(header(entry!, 'X-Upstream')).toBe(harRedacted);
    expect(entry?.response.headers.find((item) => item.name === 'set-cookie')?.value).toBe(harRedacted);
    expect(text).not.toContain('sid=abc');
    expect(text).not.toContain(btoa(`leaky:${token}`));
    expect(text).not.toContain('ghp_');
  });

  it('with sensitive data fills in each call’s secret header values, and says what it holds', () => {
    const har = buildHar(
      [streamed],
      { sensitive: true, secretsOf: (call) => (call.id === 'c1' ? { 'x-tool-token': token } : {}) },
      creator,
    );
    const entry = har.log.entries[0];
    expect(header(entry!, 'X-Tool-Token')).toBe(token);
    expect(header(entry!, 'X-Session-Id')).toBe('sess-made-plain');
    expect(header(entry!, 'Authorization')).toBe('Bearer $ACCESS_TOKEN');
    expect(har.log.comment).toContain('sensitive data');
  });

  it('keeps a call still waiting for its answer readable', () => {
    const pending: HarCall = {
      ...plain,
      state: 'pending',
      status: undefined,
      durationMs: undefined,
      responseBody: undefined,
    };
    const entry = buildHar([pending], { sensitive: false, secretValues: [] }, creator).log.entries[0];
    expect(entry?.response.status).toBe(0);
    expect(entry?.response.bodySize).toBe(-1);
    expect(entry?.time).toBe(0);
  });
});
