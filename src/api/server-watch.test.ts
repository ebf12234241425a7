// @vitest-environment jsdom
import { focusManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchServer, type WatchAnswer } from './server-watch';

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

function watchCounter({
  doneAt = Infinity,
  failUntil = 0,
  mostReads,
}: { doneAt?: number; failUntil?: number; mostReads?: number } = {}) {
  let reads = 0;
  const answers: Array<{ answer: WatchAnswer<number>; verdict: string | null }> = [];
  const readAt: number[] = [];
  const watch = watchServer<number, string>({
    queryClient: new QueryClient(),
    queryKey: ['counter'],
    read: async () => {
      readAt.push(Date.now());
      reads += 1;
      if (reads <= failUntil) throw new Error(`read ${reads} failed`);
      return reads;
    },
    pace: ({ reads: made }) => 1000 * (made + 1),
    judge: (answer) => (answer.ok && answer.data >= doneAt ? 'done' : null),
    ...(mostReads ? { mostReads: { reads: mostReads, verdict: 'spent' } } : {}),
    onAnswer: (answer, verdict) => void answers.push({ answer, verdict }),
  });
  return { watch, answers, readAt };
}

describe('watching the server', () => {
  it('reads at once, then at the pace the reads so far give, until the judge calls it over', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { watch, answers, readAt } = watchCounter({ doneAt: 4 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(readAt.map((at) => at - start)).toEqual([0, 2000, 5000, 9000]);
    expect(answers.map(({ verdict }) => verdict)).toEqual([null, null, null, 'done']);
    expect(watch.over).toBe(true);
  });

  it('counts failed reads, tells them, and stops at most reads', async () => {
    vi.useFakeTimers();
    const { answers, watch } = watchCounter({ failUntil: 2, mostReads: 3 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(answers.map(({ answer, verdict }) => [answer.ok, verdict])).toEqual([
      [false, null],
      [false, null],
      [true, 'spent'],
    ]);
    expect(watch.over).toBe(true);
  });

  it('reads nothing while the tab is hidden, and at once when it shows again', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { readAt } = watchCounter();
    await vi.advanceTimersByTimeAsync(100);
    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(readAt.map((at) => at - start)).toEqual([0]);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(readAt.map((at) => at - start)).toEqual([0, 20_100]);
  });

  it('stop ends it: nothing more is read or told', async () => {
    vi.useFakeTimers();
    const { watch, answers, readAt } = watchCounter();
    await vi.advanceTimersByTimeAsync(100);
    watch.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(readAt).toHaveLength(1);
    expect(answers).toHaveLength(1);
  });

  it('readNow reads before the pace would', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { watch, readAt } = watchCounter();
    await vi.advanceTimersByTimeAsync(500);
    watch.readNow();
    await vi.advanceTimersByTimeAsync(10);
    expect(readAt.map((at) => at - start)).toEqual([0, 500]);
  });
});
