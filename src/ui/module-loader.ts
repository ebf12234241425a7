import { useSyncExternalStore } from 'react';

export type ModuleState<M> =
  { status: 'loading' } | { status: 'loaded'; module: M } | { status: 'failed'; error: unknown };

/**
 * A chunk loaded on demand, read by components as state instead of through `React.lazy` and Suspense. React holds
 * back content revealed after a Suspense fallback for up to 300 ms (its fallback throttle), which a console opening
 * onto its signed-in screens paid at every start; a chunk that loads here re-renders its readers at once, and one
 * already loaded renders without a fallback at all.
 */
export function moduleLoader<M>(load: () => Promise<M>) {
  let state: ModuleState<M> = { status: 'loading' };
  let started: Promise<ModuleState<M>> | null = null;
  const listeners = new Set<() => void>();

  /** Starts the load (once); resolves with how it ended, never rejects. A failure stays until the page reloads. */
  const preload = (): Promise<ModuleState<M>> =>
    (started ??= load().then(
      (module) => settle({ status: 'loaded', module }),
      (error: unknown) => settle({ status: 'failed', error }),
    ));
  const settle = (next: ModuleState<M>) => {
    state = next;
    for (const listener of listeners) listener();
    return next;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    void preload();
    return () => listeners.delete(listener);
  };
  const current = () => state;

  return {
    preload,
    /** The module's state; a component reading it starts the load. */
    useModule: (): ModuleState<M> => useSyncExternalStore(subscribe, current),
  };
}
