import { describe, expect, it } from 'vitest';
import { binaryBodyNote, createRequestLog, isTextType, requestLogLimits } from './request-log';

const call = (url = 'http://api.test/v1/x') => ({
  kind: 'assistant' as const,
  method: 'POST',
  url,
  headers: { Authorization: 'Bearer abc.def.ghi', 'X-Tenant-ID': 'acme' },
  forwarded: null,
});

describe('the request log', () => {
  it('never keeps the token, and keeps the other headers as sent', () => {
    const log = createRequestLog();
    log.begin(call());
    expect(log.entries()[0]?.requestHeaders).toEqual([
      ['Authorization', 'Bearer $ACCESS_TOKEN'],
      ['X-Tenant-ID', 'acme'],
    ]);
  });

  it('masks, in place, a value that became secret in the calls it kept, and the calls in flight go on', () => {
    const log = createRequestLog();
    const logged = log.begin({ ...call(), headers: { 'X-Api-Key': 'k-live-123' }, body: '{"echo":"k-live-123"}' });
    logged.chunk('{"received":"k-live-123"}');
    log.scrub(['k-live-123']);
    expect(JSON.stringify(log.entries())).not.toContain('k-live-123');
    expect(log.entries()[0]?.requestHeaders).toEqual([['X-Api-Key', '••••••']]);
    logged.chunk('next');
    expect(log.entries()[0]?.stream?.chunks.map((chunk) => chunk.text)).toEqual(['{"received":"••••••"}', 'next']);
  });

  it('drops the oldest entries past its limit', () => {
    const log = createRequestLog();
    for (let index = 0; index < requestLogLimits.entries + 5; index += 1)
      log.begin(call(`http://api.test/v1/${index}`));
    expect(log.entries()).toHaveLength(requestLogLimits.entries);
    expect(log.entries()[0]?.url).toBe('http://api.test/v1/5');
  });

  it('cuts long bodies and keeps a stream’s first chunks, counting the rest', () => {
    let now = 0;
    const log = createRequestLog(() => now);
    const logged = log.begin(call());
    logged.body('x'.repeat(requestLogLimits.bodyChars + 10));
    expect(logged.entry.responseTruncated).toBe(true);
    expect(logged.entry.responseBody).toHaveLength(requestLogLimits.bodyChars);

    const streamed = log.begin(call());
    streamed.streamOpened('sse');
    for (let index = 0; index < requestLogLimits.chunksPerEntry + 3; index += 1) {
      now += 1;
      streamed.chunk(`{"n":${index}}`);
    }
    streamed.ended('done');
    expect(streamed.entry.stream?.chunks).toHaveLength(requestLogLimits.chunksPerEntry);
    expect(streamed.entry.stream?.droppedChunks).toBe(3);
    expect(streamed.entry.stream?.chunks[1]).toEqual({ at: 2, text: '{"n":1}' });
    expect(streamed.entry.state).toBe('done');
  });

  it('drops the oldest calls once their bodies and streams pass the log’s characters, counting them', () => {
    const log = createRequestLog();
    const big = 'x'.repeat(requestLogLimits.bodyChars);
    const calls = Math.ceil(requestLogLimits.totalChars / requestLogLimits.bodyChars) + 3;
    for (let index = 0; index < calls; index += 1) log.begin(call(`http://api.test/v1/${index}`)).body(big);
    const kept = log.entries();
    expect(kept.length).toBeLessThan(calls);
    expect(kept.length * requestLogLimits.bodyChars).toBeLessThanOrEqual(requestLogLimits.totalChars);
    expect(log.dropped()).toBe(calls - kept.length);
    expect(kept.at(-1)?.url).toBe(`http://api.test/v1/${calls - 1}`);
    expect(kept[0]?.url).toBe(`http://api.test/v1/${calls - kept.length}`);

    log.clear();
    expect(log.dropped()).toBe(0);
  });

  it('counts request bodies too, but keeps the newest call whatever its size', () => {
    const log = createRequestLog();
    log.begin(call('http://api.test/v1/small'));
    log.begin({ ...call('http://api.test/v1/batch'), body: 'y'.repeat(requestLogLimits.totalChars + 1) });
    expect(log.entries().map((entry) => entry.url)).toEqual(['http://api.test/v1/batch']);
    expect(log.entries()[0]?.requestBody).toHaveLength(requestLogLimits.totalChars + 1);
    expect(log.dropped()).toBe(1);
  });

  it('keeps a stream’s first chunks up to its share of characters', () => {
    const log = createRequestLog();
    const streamed = log.begin(call());
    streamed.streamOpened('sse');
    const piece = 'z'.repeat(requestLogLimits.bodyChars);
    const share = requestLogLimits.streamChars / requestLogLimits.bodyChars;
    for (let index = 0; index < share + 2; index += 1) streamed.chunk(piece);
    expect(streamed.entry.stream?.chunks).toHaveLength(share);
    expect(streamed.entry.stream?.droppedChunks).toBe(2);
  });

  it('reads text bodies and only describes files', () => {
    for (const type of ['application/json', 'text/plain; charset=utf-8', 'application/problem+json', '', 'text/csv'])
      expect(isTextType(type), type).toBe(true);
    for (const type of ['image/png', 'application/pdf', 'application/octet-stream', 'video/mp4'])
      expect(isTextType(type), type).toBe(false);
    const file = new Response('PDF', { headers: { 'content-type': 'application/pdf', 'content-length': '1048576' } });
    expect(binaryBodyNote(file)).toBe('(application/pdf body of 1,048,576 bytes, not kept in the log)');
  });

  it('times the response headers and the whole call from the start', () => {
    let now = 100;
    const log = createRequestLog(() => now);
    const logged = log.begin(call());
    now = 142;
    logged.responded(new Response('{}', { status: 200 }));
    now = 300;
    logged.body('{}');
    expect(logged.entry.respondedMs).toBe(42);
    expect(logged.entry.durationMs).toBe(200);
  });

  it('tells subscribers, and finds the newest call of a subject', () => {
    const log = createRequestLog();
    let heard = 0;
    log.subscribe(() => (heard += 1));
    log.begin({ ...call(), subject: 'turn-1' });
    const second = log.begin({ ...call(), subject: 'turn-1' });
    expect(heard).toBe(2);
    expect(log.latestFor('turn-1')).toBe(second.entry);
    expect(log.latestFor('turn-2')).toBeUndefined();
  });
});
