import { useEffect } from 'react';
import { startBatchesPersistence } from './batches-persistence';
import { useBatchesStore } from './batches-store';

/** Keeps the batches of whoever is signed in loaded and saved; forgets them on sign-out. */
export function useBatchesSync(sub: string | null): void {
  useEffect(() => {
    if (!sub) {
      useBatchesStore.getState().signedOut();
      return;
    }
    return startBatchesPersistence(sub);
  }, [sub]);
}
