import { describe, expect, it } from 'vitest';
import { createFrameBatcher } from './frame-batcher';

describe('createFrameBatcher', () => {
  it('delivers everything pushed before a frame in one batch', () => {
    const frames: Array<() => void> = [];
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>(
      (items) => batches.push(items),
      (run) => frames.push(run),
    );
    batcher.push(1);
    batcher.push(2);
    batcher.push(3);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('flushes pending items at once and then has nothing left for the frame', () => {
    const frames: Array<() => void> = [];
    const batches: string[][] = [];
    const batcher = createFrameBatcher<string>(
      (items) => batches.push(items),
      (run) => frames.push(run),
    );
    batcher.push('a');
    batcher.flush();
    frames[0]?.();
    batcher.push('b');
    frames[1]?.();
    expect(batches).toEqual([['a'], ['b']]);
  });
});
