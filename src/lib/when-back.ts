/**
 * Resolves once the page is in view and the browser online: at once when it already is, else on the `online` or
 * `visibilitychange` event that makes it so. A stream cut while the tab was hidden or the network gone is picked up
 * then (the AI SDK's resumable streams do the same).
 */
export function whenBack(): Promise<void> {
  const back = () => document.visibilityState === 'visible' && navigator.onLine;
  return new Promise((resolve) => {
    if (back()) return resolve();
    const check = () => {
      if (!back()) return;
      window.removeEventListener('online', check);
      document.removeEventListener('visibilitychange', check);
      resolve();
    };
    window.addEventListener('online', check);
    document.addEventListener('visibilitychange', check);
  });
}

/** Whether this page is away now: hidden, or the browser offline (a stream cut now was cut by that, not the server). */
export const isAway = (): boolean =>
  typeof document !== 'undefined' && (document.visibilityState === 'hidden' || navigator.onLine === false);
