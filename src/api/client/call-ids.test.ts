import { describe, expect, it } from 'vitest';
import { callIds } from './call-ids';

const answered = (headers: Record<string, string> = {}) => new Response('{}', { status: 500, headers });

describe('callIds', () => {
  it('names the call by the request id it was sent with, and its trace, whatever the response says', () => {
    expect(callIds(answered({ 'x-request-id': 'proxy-1' }), { requestId: 'sent-1', traceId: 't1' })).toEqual({
      requestId: 'sent-1',
      traceId: 't1',
    });
  });

  it('falls back on a request or correlation id a proxy or server added, where the call carried none', () => {
    expect(callIds(answered({ 'x-request-id': 'proxy-1' }))).toEqual({ requestId: 'proxy-1' });
    expect(callIds(answered({ 'x-correlation-id': 'corr-9' }), { traceId: 't2' })).toEqual({
      requestId: 'corr-9',
      traceId: 't2',
    });
    expect(callIds(answered())).toEqual({});
  });
});
