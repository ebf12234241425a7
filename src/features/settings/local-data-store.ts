import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConsoleDatabase } from '@/lib/db';
import { useStorageHealth } from '@/lib/storage-health';
import { clearLocalData, type LocalDataCounts } from '@/lib/storage-local-data';
import { serviceStore } from '@/lib/console-services';

export interface LocalDataState {
  /** clearing: the app takes down every screen and store that reads or writes the person's data. */
  phase: 'idle' | 'clearing' | 'cleared' | 'failed';
  removed: LocalDataCounts | null;
  error: string | null;
  /** Stops everything that writes the person's data (`stopAll` resolves once it has settled), then clears it. */
  clear(owner: string, db: ConsoleDatabase, stopAll: () => Promise<void>): Promise<void>;
}

/**
 * Clearing outlives the services it stops: the signed-in app keeps this store across them, so "cleared" is said by
 * the services built after it.
 */
export const createLocalDataStore = () =>
  createStore<LocalDataState>((set, get) => ({
    phase: 'idle',
    removed: null,
    error: null,
    async clear(owner, db, stopAll) {
      if (get().phase === 'clearing') return;
      set({ phase: 'clearing', removed: null, error: null });
      try {
        // Answers stopped now save what they had; the database is cleared after, or a conversation streaming
        // at the time would come back.
        await stopAll();
        const removed = await clearLocalData(owner, db);
        useStorageHealth.getState().dismissed();
        set({ phase: 'cleared', removed });
      } catch (error) {
        set({ phase: 'failed', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      }
    },
  }));

export const [useLocalDataStore] = serviceStore((services) => services.settings.localData);

/** True while the person's data is being cleared: nothing that keeps it may be mounted. */
export const useClearingLocalData = (store: StoreApi<LocalDataState>) =>
  useStore(store, (state) => state.phase === 'clearing');
