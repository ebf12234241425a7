import { describe, expect, it } from 'vitest';
import { createSliceQueue } from './slice-queue';

/** A clock the jobs move forward, and yields that are counted and resolved at once. */
function harness(sliceMs: number) {
  let time = 0;
  const order: string[] = [];
  const queue = createSliceQueue(
    sliceMs,
    () => time,
    async () => {
      order.push('yield');
    },
  );
  const job = (name: string, costMs: number) => () => {
    order.push(name);
    time += costMs;
    return name;
  };
  return { queue, job, order };
}

describe('createSliceQueue', () => {
  it('runs jobs in order and yields to the browser each time a slice is used up', async () => {
    const { queue, job, order } = harness(8);
    const results = await Promise.all([
      queue.run(job('a', 3)),
      queue.run(job('b', 3)),
      queue.run(job('c', 3)),
      queue.run(job('d', 3)),
      queue.run(job('e', 10)),
      queue.run(job('f', 1)),
    ]);
    expect(results).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    // a+b+c use 9 ms: d starts a new slice; d+e use 13 ms: f starts another.
    expect(order).toEqual(['yield', 'a', 'b', 'c', 'yield', 'd', 'e', 'yield', 'f']);
  });

  it('goes on after a job that throws, and gives its caller the error', async () => {
    const { queue, job, order } = harness(8);
    const failing = queue.run(() => {
      throw new Error('no grammar');
    });
    const next = queue.run(job('next', 1));
    await expect(failing).rejects.toThrow('no grammar');
    await expect(next).resolves.toBe('next');
    expect(order).toEqual(['yield', 'next']);
  });
});
