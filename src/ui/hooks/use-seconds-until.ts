import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `at` (both epoch ms), rounded up so "0" only shows once the wait is over. */
export const secondsUntil = (at: number | undefined, now: number): number =>
  at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));

/** A live countdown to `at`: re-renders once a second while it runs, and not at all once it is over. */
export function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(at, now);
  useEffect(() => {
    if (at === undefined || left === 0) return;
    // Wake at the next whole-second boundary of the wait, so the number changes when it should.
    const timer = setTimeout(() => setNow(Date.now()), Math.max(1, (at - Date.now()) % 1000 || 1000));
    return () => clearTimeout(timer);
  }, [at, now, left]);
  return left;
}
