import { useEffect } from 'react';
import { startRunsPersistence } from './runs-persistence';
import { useRunsStore } from './runs-store';

/** Keeps the runs of whoever is signed in loaded and saved; forgets them on sign-out. */
export function useRunsSync(sub: string | null): void {
  useEffect(() => {
    if (!sub) {
      useRunsStore.getState().signedOut();
      return;
    }
    return startRunsPersistence(sub);
  }, [sub]);
}
