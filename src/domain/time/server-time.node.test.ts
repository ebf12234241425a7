import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverDate, serverTimeMs } from './server-time';

describe('server timestamps', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    // Asia/Kolkata is +05:30 all year: a naive time read as local would be 5.5 h off.
    process.env.TZ = 'Asia/Kolkata';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('reads a naive timestamp with microseconds as UTC, whatever the local zone', () => {
    expect(serverTimeMs('2026-11-24T02:10:12.123000')).toBe(Date.UTC(2026, 10, 24, 2, 10, 12, 123));
    expect(serverDate('2026-11-24T02:10:12.123000')?.toLocaleTimeString('en-GB')).toBe('07:40:12');
  });

  it('keeps an explicit offset or Z', () => {
    expect(serverTimeMs('2026-11-24T07:40:12+05:30')).toBe(Date.UTC(2026, 10, 24, 2, 10, 12));
    expect(serverTimeMs('2026-11-24T02:10:12.5Z')).toBe(Date.UTC(2026, 10, 24, 2, 10, 12, 500));
    expect(serverTimeMs('2026-11-24T07:40:12+0530')).toBe(Date.UTC(2026, 10, 24, 2, 10, 12));
  });

  it('accepts a space for the T and no seconds', () => {
    expect(serverTimeMs('2026-11-24 02:10')).toBe(Date.UTC(2026, 10, 24, 2, 10));
  });

  it('passes epoch milliseconds through and refuses what is not a timestamp', () => {
    expect(serverTimeMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(serverTimeMs('yesterday')).toBeUndefined();
    expect(serverTimeMs('')).toBeUndefined();
    expect(serverTimeMs(null)).toBeUndefined();
    expect(serverTimeMs('2026-13-45T99:99:99')).toBeUndefined();
  });
});
