import { describe, expect, it } from 'vitest';
import { busyShare } from './stream-measure';
import { updateCosts } from './update-costs';

const snapshot = (updates: number, taskMs: number, end = false) => ({ updates, taskMs, end });

describe('updateCosts', () => {
  it('times each painted update by the task time since the previous paint, up to the one that showed the end', () => {
    const costs = updateCosts([
      snapshot(10, 100),
      snapshot(11, 103),
      snapshot(12, 105),
      snapshot(14, 113), // two updates before one paint: 4 ms each
      snapshot(15, 119, true), // the last chunk
      snapshot(16, 180), // the end of the stream, held back by the server: not an update of the stream
    ]);
    expect(costs).toEqual({ samples: 4, medianMs: 3, p95Ms: 6, lastChunkMs: 6 });
  });

  it('has no last chunk when the end marker was never painted, nor any time without two snapshots', () => {
    expect(updateCosts([snapshot(1, 10), snapshot(2, 12)]).lastChunkMs).toBeNaN();
    expect(updateCosts([snapshot(1, 10, true)])).toMatchObject({ samples: 0, lastChunkMs: Number.NaN });
    expect(updateCosts([]).p95Ms).toBeNaN();
  });

  it('has no last chunk when the reading that showed the end saw no new update', () => {
    expect(updateCosts([snapshot(1, 10), snapshot(2, 14), snapshot(2, 15, true)]).lastChunkMs).toBeNaN();
  });

  it('skips a reading that saw no new update', () => {
    expect(updateCosts([snapshot(1, 10), snapshot(1, 11), snapshot(2, 15, true)])).toMatchObject({
      samples: 1,
      lastChunkMs: 4,
    });
  });
});

describe('busyShare', () => {
  it('is the task time over the wall time between two readings', () => {
    expect(busyShare({ task: 1000, at: 5000 }, { task: 1250, at: 6000 })).toBe(0.25);
  });

  it('is not a number for readings at the same moment', () => {
    expect(busyShare({ task: 1, at: 5 }, { task: 2, at: 5 })).toBeNaN();
  });
});
