import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after';

const now = Date.parse('2026-11-23T09:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 3 ', now)).toBe(3);
  });

  it('reads an HTTP-date as the seconds left until it, rounded up', () => {
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:00:30 GMT', now + 500)).toBe(30);
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90);
  });

  it('reads the obsolete date forms RFC 9110 still requires, in GMT whatever the local zone', () => {
    expect(parseRetryAfter('Monday, 23-Nov-26 09:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('Mon Nov 23 09:02:00 2026', now)).toBe(120);
  });

  it('ignores absent, past, zero and unreadable values', () => {
    for (const value of [
      null,
      undefined,
      '',
      '0',
      '-5',
      '1.5',
      'soon',
      'soon 2030',
      'Mon, 23 Nov 2026 08:59:00 GMT',
      '2026-11-23T09:10:00Z',
    ]) {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    }
  });

  it('caps absurd waits at a day', () => {
    expect(parseRetryAfter('99999999', now)).toBe(86_400);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now)).toBe(86_400);
  });

  it('never throws and answers a whole number of seconds in (0, 1 day] or nothing, for any header text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.nat().map(String),
          fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
        ),
        (value) => {
          const seconds = parseRetryAfter(value, now);
          expect(seconds === undefined || (Number.isInteger(seconds) && seconds > 0 && seconds <= 86_400)).toBe(true);
        },
      ),
      { numRuns: 10_000 },
    );
  }, 60_000);
});
