/** The storage shape zustand's persist middleware writes through. */
export interface TextStorage {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

/**
 * Web storage written at most once per `waitMs` (and when the page is hidden or left), so a store that changes
 * every animation frame while an answer streams does not serialise itself every frame. A full storage quota
 * only costs persistence across reloads; the page keeps working.
 */
export function throttledStorage(storage: () => Storage, waitMs = 1000): TextStorage {
  const pending = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    for (const [name, value] of pending) {
      try {
        storage().setItem(name, value);
      } catch (error) {
        console.warn(`Could not save ${name} (${value.length} characters) for reloads:`, error);
      }
    }
    pending.clear();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  }
  return {
    getItem: (name) => pending.get(name) ?? storage().getItem(name),
    setItem(name, value) {
      pending.set(name, value);
      timer ??= setTimeout(flush, waitMs);
    },
    removeItem(name) {
      pending.delete(name);
      storage().removeItem(name);
    },
  };
}
