import { describe, expect, it } from 'vitest';
import { placeLongTasks, windowsFor } from './stream-measure';

describe('windowsFor', () => {
  it('ends a window at each size, as wide as asked but at most half the size', () => {
    expect(windowsFor([4, 100], 10)).toEqual([
      { kb: 4, from: 2048, to: 4096 },
      { kb: 100, from: 90 * 1024, to: 100 * 1024 },
    ]);
  });

  it('ends no window within the last characters of the answer, where the stream ends', () => {
    expect(windowsFor([10, 200], 10, 200 * 1024, 4000)).toEqual([
      { kb: 10, from: 5 * 1024, to: 10 * 1024 },
      { kb: 200, from: 200 * 1024 - 4000 - 10 * 1024, to: 200 * 1024 - 4000 },
    ]);
  });
});

describe('placeLongTasks', () => {
  it('places each long task after the last marker painted when it began', () => {
    const painted = [
      { offset: 0, at: 100 },
      { offset: 10 * 1024, at: 200 },
      { offset: 150 * 1024 + 512, at: 900 },
    ];
    expect(
      placeLongTasks(
        [
          { start: 50, duration: 67.4 },
          { start: 250, duration: 55 },
          { start: 900, duration: 80.6 },
        ],
        painted,
      ),
    ).toEqual([
      { kb: 0, ms: 67 },
      { kb: 10, ms: 55 },
      { kb: 150.5, ms: 81 },
    ]);
  });
});
