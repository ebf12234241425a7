import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConsoleDatabase } from '@/lib/storage/db';
import { useStorageHealth } from '@/lib/storage/storage-health';
import { clearLocalData, type LocalDataCounts } from '@/lib/storage/storage-local-data';
import { storeContext } from '@/lib/services-context';

/** One person's local data and what stops the writers of it. */
export interface PersonLocalData {
  owner: string;
  db: ConsoleDatabase;
  /** Stops everything that writes the person's data, resolving once it has settled. */
  stopAll(): Promise<void>;
  /** Seals the person's web storage and removes their keys from it. */
  forgetWeb(): void;
  /** Whether the server has this conversation too (it comes back from the server's list once cleared here). */
  keptByServer(conversationId: string): boolean;
}

export interface ClearOptions {
  /** Cleared because another tab of the same person cleared (said so, and not announced again). */
  fromOtherTab?: boolean;
  /** "Sign out and remove my data": signs out once cleared, while nothing of the person is mounted. */
  signOut?: () => Promise<void>;
  /** Tells the person's other tabs, once cleared here. */
  announce?: () => void;
}

export interface LocalDataState {
  /** clearing: the app takes down every screen and store that reads or writes the person's data. */
  phase: 'idle' | 'clearing' | 'cleared' | 'failed';
  removed: LocalDataCounts | null;
  /** Where the clearing started: this tab, or another tab of the same person. */
  origin: 'here' | 'other-tab';
  error: string | null;
  /**
   * This tab's name on the channel Clear local data is announced on: the store outlives the services it rebuilds, so
   * the services built after a clear here know the announcement as their own tab's (local-data-tabs.ts).
   */
  readonly tab: string;
  /** Stops everything that writes the person's data, then clears it: database records and web-storage keys. */
  clear(person: PersonLocalData, options?: ClearOptions): Promise<void>;
}

/**
 * Clearing outlives the services it stops: the signed-in app keeps this store across them, so "cleared" is said by
 * the services built after it.
 */
export const createLocalDataStore = () =>
  createStore<LocalDataState>((set, get) => ({
    phase: 'idle',
    removed: null,
    origin: 'here',
    tab: crypto.randomUUID(),
    error: null,
    async clear({ owner, db, stopAll, forgetWeb, keptByServer }, { fromOtherTab = false, signOut, announce } = {}) {
      if (get().phase === 'clearing') return;
      set({ phase: 'clearing', removed: null, error: null, origin: fromOtherTab ? 'other-tab' : 'here' });
      try {
        // Answers stopped now save what they had; the database is cleared after, or a conversation streaming
        // at the time would come back.
        await stopAll();
        forgetWeb();
        const removed = await clearLocalData(owner, db, keptByServer);
        useStorageHealth.getState().dismissed();
        announce?.();
        if (signOut) await signOut();
        set({ phase: 'cleared', removed });
      } catch (error) {
        set({ phase: 'failed', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      }
    },
  }));

const localDataStore = storeContext<LocalDataState>('the state of Clear local data');
export const LocalDataProvider = localDataStore.Provider;
export const useLocalDataStore = localDataStore.useState;

/** True while the person's data is being cleared: nothing that keeps it may be mounted. */
export const useClearingLocalData = (store: StoreApi<LocalDataState>) =>
  useStore(store, (state) => state.phase === 'clearing');
