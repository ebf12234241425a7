// The request for the runtime config, sent while the rest of the entry is still being evaluated (main.tsx imports
// this module first): the console can do nothing before config.json is read, and the entry takes ~100 ms to
// evaluate on a slow machine.
export const runtimeConfigUrl = '/config.json';

let early: Promise<Response> | null = null;

/** Sends the request now; `loadRuntimeConfig` takes its answer instead of asking again. */
export function requestRuntimeConfigEarly(): void {
  early ??= fetch(runtimeConfigUrl, { cache: 'no-store' });
  // Its failure is reported by whoever takes it, not as an unhandled rejection here.
  early.catch(() => undefined);
}

/** The early request's answer for `url`, once (a later load asks afresh); null when none was sent. */
export function takeEarlyRuntimeConfig(url: string): Promise<Response> | null {
  if (url !== runtimeConfigUrl || !early) return null;
  const taken = early;
  early = null;
  return taken;
}
