/**
 * Runs jobs one at a time, and gives the main thread back to the browser (input, paint) once a slice of
 * `sliceMs` has been used: a hundred jobs queued at once (a finished answer's code blocks) become many short
 * tasks instead of one long freeze. A job itself is never cut.
 */
export function createSliceQueue(
  sliceMs: number,
  now: () => number = () => performance.now(),
  yieldToBrowser: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
) {
  let tail: Promise<unknown> = Promise.resolve();
  let sliceStart = Number.NEGATIVE_INFINITY;
  return {
    run<T>(job: () => T): Promise<T> {
      const result = tail.then(async () => {
        if (now() - sliceStart >= sliceMs) {
          // A new slice starts in a task of its own, after the browser had its turn.
          await yieldToBrowser();
          sliceStart = now();
        }
        return job();
      });
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
