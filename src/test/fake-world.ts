import type { Clock, Visibility } from '@/features/workflows/runtime/run-follower';

/** A clock that only moves when told, and a tab whose visibility the test sets. */
export function fakeWorld() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      timers.set(++nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  let hidden = false;
  const listeners = new Set<() => void>();
  const visibility: Visibility = {
    hidden: () => hidden,
    onChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    clock,
    visibility,
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
        await settle();
      }
      now = until;
      await settle();
    },
    async setHidden(value: boolean) {
      hidden = value;
      for (const listener of listeners) listener();
      await settle();
    },
    pendingTimers: () => timers.size,
  };
}
