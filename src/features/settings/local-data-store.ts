import { create } from 'zustand';
import { clearLocalData, type LocalDataCounts } from '@/lib/storage-local-data';
import { useStorageHealth } from '@/lib/storage-health';

interface LocalDataState {
  /** clearing: the app takes down every screen and store that reads or writes the person's data. */
  phase: 'idle' | 'clearing' | 'cleared' | 'failed';
  removed: LocalDataCounts | null;
  error: string | null;
  clear(owner: string): Promise<void>;
}

// Answers stopped by the unmount settle a moment later and save what they had; the database is cleared after
// they have, or a conversation streaming at the time would come back.
const settleMs = 400;

export const useLocalDataStore = create<LocalDataState>((set, get) => ({
  phase: 'idle',
  removed: null,
  error: null,
  async clear(owner) {
    if (get().phase === 'clearing') return;
    set({ phase: 'clearing', removed: null, error: null });
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    try {
      const removed = await clearLocalData(owner);
      useStorageHealth.getState().dismissed();
      set({ phase: 'cleared', removed });
    } catch (error) {
      set({ phase: 'failed', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  },
}));

/** True while the person's data is being cleared: nothing that keeps it may be mounted. */
export const useClearingLocalData = () => useLocalDataStore((state) => state.phase === 'clearing');
