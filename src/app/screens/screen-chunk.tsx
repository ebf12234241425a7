import type { ComponentType } from 'react';
import { failureMessage } from '@/domain/errors/describe-failure';

/** A screen's chunk could not be fetched or run: the page has to load again (or the network come back). */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(failureMessage(cause), { cause });
    this.name = 'ScreenLoadError';
  }
}

/**
 * A screen's code, in a chunk of its own that the router fetches on the first visit (or when a link to it is hovered
 * or focused). The router waits for `preload` before it shows the screen, so the component renders at once; should
 * it render first anyway, it suspends until the chunk is there. A chunk that fails to load (offline, or a deploy
 * replaced it) rejects `preload`: the route shows its error, and the next visit tries again. Unlike the router's own
 * `lazyRouteComponent`, nothing reloads the page by itself or writes to web storage: the person chooses to reload.
 */
export function screenChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let failed: ScreenLoadError | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => {
        failed = undefined;
        return (loaded = component);
      },
      (cause: unknown) => {
        loading = undefined;
        throw (failed = new ScreenLoadError(cause));
      },
    ));
  function Screen(props: P) {
    if (loaded) {
      const Component = loaded;
      return <Component {...props} />;
    }
    // Suspends until the chunk is there; a failure goes to the nearest error boundary rather than fetching again.
    if (failed) throw failed;
    throw preload();
  }
  return { preload, Screen };
}
