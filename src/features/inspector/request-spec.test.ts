import { describe, expect, it } from 'vitest';
import { createRequestLog } from '@/api/client/request-log';
import { matchesText, pathBelowBase } from './request-spec';

describe('pathBelowBase', () => {
  it('drops the API base that every call shares, relative or absolute', () => {
    expect(
      pathBelowBase('http://localhost:4173/code-assistant-api/v1/assistants?search=x', '/code-assistant-api'),
    ).toBe('/v1/assistants?search=x');
    expect(pathBelowBase('https://api.example.com/gw/v1/llm_models', 'https://api.example.com/gw/')).toBe(
      '/v1/llm_models',
    );
  });

  it('keeps the path whole when the call is not under the base', () => {
    expect(pathBelowBase('http://localhost:4173/code-assistant-api-old/v1/x', '/code-assistant-api')).toBe(
      '/code-assistant-api-old/v1/x',
    );
    expect(
      pathBelowBase('https://other.example.com/code-assistant-api/v1/x', 'https://api.example.com/code-assistant-api'),
    ).toBe('/code-assistant-api/v1/x');
    expect(pathBelowBase('http://localhost:4173/v1/x', '')).toBe('/v1/x');
  });
});

describe('matchesText', () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const traceparent = `00-${traceId}-00f067aa0ba902b7-01`;
  const log = createRequestLog();
  const entry = log.begin({
    kind: 'assistant',
    method: 'POST',
    url: 'http://api.test/v1/assistants/a1/model',
    headers: { 'X-Request-ID': 'req-7', traceparent },
    forwarded: null,
    requestId: 'req-7',
    traceId,
    spanId: '00f067aa0ba902b7',
  }).entry;

  it('finds a call by its trace id, or by the traceparent a tracing backend shows', () => {
    expect(matchesText(entry, traceId.toUpperCase())).toBe(true);
    expect(matchesText(entry, traceparent)).toBe(true);
    // The platform's own span under the same trace, as its log or a tracing backend shows it.
    expect(matchesText(entry, `00-${traceId}-b7ad6b7169203331-01`)).toBe(true);
    expect(matchesText(entry, `00-${'a'.repeat(32)}-00f067aa0ba902b7-01`)).toBe(false);
    expect(matchesText(entry, 'req-7 model')).toBe(true);
    expect(matchesText(entry, 'ffffffffffffffffffffffffffffffff')).toBe(false);
  });
});
