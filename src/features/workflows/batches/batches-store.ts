import { create } from 'zustand';
import type { Batch } from '@/domain/workflows/batch';
import type { BatchRecord } from './batch-record';

export interface BatchesState {
  owner: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loadError?: string | undefined;
  saveError?: string | undefined;
  /** Newest first. */
  batches: BatchRecord[];
  loadStarted(owner: string): void;
  loaded(owner: string, batches: BatchRecord[]): void;
  loadFailed(owner: string, message: string): void;
  saveFailed(message: string | undefined): void;
  batchCreated(record: BatchRecord): void;
  /** Applies a pure domain step (rowStarted, rowFinished, pause…) to one batch. */
  batchStepped(id: string, step: (batch: Batch) => Batch): void;
  interruptionSettled(id: string): void;
  batchDeleted(id: string): void;
  signedOut(): void;
}

const update = (batches: BatchRecord[], id: string, change: (record: BatchRecord) => BatchRecord) =>
  batches.map((record) => (record.id === id ? change(record) : record));

/** The signed-in person's batch runs; kept in the local database by batches-persistence. */
export const useBatchesStore = create<BatchesState>((set, get) => ({
  owner: null,
  status: 'idle',
  batches: [],
  loadStarted: (owner) => set({ owner, status: 'loading', batches: [], loadError: undefined }),
  loaded: (owner, batches) => {
    if (get().owner !== owner) return;
    const created = get().batches.filter((record) => !batches.some((saved) => saved.id === record.id));
    set({ status: 'ready', batches: [...created, ...batches].sort((a, b) => b.createdAt - a.createdAt) });
  },
  loadFailed: (owner, loadError) => {
    if (get().owner === owner) set({ status: 'failed', loadError });
  },
  saveFailed: (saveError) => set({ saveError }),
  batchCreated: (record) => set((state) => ({ batches: [record, ...state.batches] })),
  batchStepped: (id, step) =>
    set((state) => ({
      batches: update(state.batches, id, (record) => {
        const batch = step(record.batch);
        return batch === record.batch ? record : { ...record, batch };
      }),
    })),
  interruptionSettled: (id) =>
    set((state) => ({ batches: update(state.batches, id, ({ interrupted: _settled, ...record }) => record) })),
  batchDeleted: (id) => set((state) => ({ batches: state.batches.filter((record) => record.id !== id) })),
  signedOut: () => set({ owner: null, status: 'idle', batches: [], loadError: undefined, saveError: undefined }),
}));

export const findBatch = (id: string) => (state: Pick<BatchesState, 'batches'>) =>
  state.batches.find((record) => record.id === id);
