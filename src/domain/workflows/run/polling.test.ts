import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failedPollDelay, failedPollTiming, followPace, pollDelay, pollGivesUp, pollTiming } from './polling';

describe('pollDelay', () => {
  it('starts at one second and grows by half each attempt up to ten seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(pollDelay)).toEqual([
      1000, 1500, 2250, 3375, 5063, 7594, 10_000, 10_000, 10_000,
    ]);
  });

  it('treats a negative attempt as the first and a fraction as the attempt it is in', () => {
    expect(pollDelay(-3)).toBe(1000);
    expect(pollDelay(2.9)).toBe(2250);
  });

  it('waits the longest when the count is not a finite number', () => {
    for (const attempt of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(pollDelay(attempt)).toBe(pollTiming.capMs);
    }
    expect(pollDelay(Number.MAX_SAFE_INTEGER)).toBe(pollTiming.capMs);
  });

  it('never shrinks and stays between one and ten seconds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(pollDelay(low)).toBeLessThanOrEqual(pollDelay(high));
        expect(pollDelay(a)).toBeGreaterThanOrEqual(pollTiming.firstMs);
        expect(pollDelay(a)).toBeLessThanOrEqual(pollTiming.capMs);
        expect(Number.isInteger(pollDelay(a))).toBe(true);
      }),
    );
  });
});

describe('reads that keep failing', () => {
  it('wait twice as long after each failure, up to two minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(failedPollDelay)).toEqual([
      5000, 10_000, 20_000, 40_000, 80_000, 120_000, 120_000, 120_000,
    ]);
    expect(failedPollDelay(Number.NaN)).toBe(failedPollTiming.capMs);
  });

  it('are given up after ten in a row, or after fifteen minutes once a few have failed', () => {
    expect(pollGivesUp(9, 14 * 60_000)).toBe(false);
    expect(pollGivesUp(10, 0)).toBe(true);
    expect(pollGivesUp(2, 60 * 60_000)).toBe(false);
    expect(pollGivesUp(3, 15 * 60_000)).toBe(true);
  });
});

describe('followPace', () => {
  it('follows the read count while reads work, and the failure backoff once they fail', () => {
    expect([0, 1, 2].map((reads) => followPace(reads, 0))).toEqual([1000, 1500, 2250]);
    expect(followPace(1, 1)).toBe(5000);
    expect(followPace(40, 1)).toBe(10_000);
    expect(followPace(12, 6)).toBe(120_000);
  });
});
