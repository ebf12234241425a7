import { createStore } from 'zustand/vanilla';
import { storeContext } from '@/lib/services-context';
import type { Batch } from '@/domain/workflows/batches/batch';
import type { BatchVerdicts } from '@/domain/workflows/verdicts/verdicts';
import { keptBatchName } from '@/domain/workflows/batches/batch-name';
import type { BatchRecord } from './batch-record';

export interface BatchesState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loadError?: string | undefined;
  saveError?: string | undefined;
  /** Newest first. */
  batches: BatchRecord[];
  /** Loading (again, after a stop and start) keeps the batches in memory: they are as new as the saved ones or newer. */
  loadStarted(): void;
  loaded(batches: BatchRecord[]): void;
  loadFailed(message: string): void;
  saveFailed(message: string | undefined): void;
  batchCreated(record: BatchRecord): void;
  /** Applies a pure domain step (rowStarted, rowFinished, pause…) to one batch. */
  batchStepped(id: string, step: (batch: Batch) => Batch): void;
  interruptionSettled(id: string): void;
  /** The person named the batch (or, with a blank name, took its name away). */
  batchRenamed(id: string, name: string): void;
  batchDeleted(id: string): void;
  /** The person judged a row or a pair of rows (a pure step of verdicts.ts: judgeRow, judgePair). */
  batchJudged(id: string, judge: (verdicts: BatchVerdicts | undefined) => BatchVerdicts): void;
}

const update = (batches: BatchRecord[], id: string, change: (record: BatchRecord) => BatchRecord) =>
  batches.map((record) => (record.id === id ? change(record) : record));

/** One person's batch runs (made with their services); kept in the local database by batches-persistence. */
export const createBatchesStore = () =>
  createStore<BatchesState>()((set, get) => ({
    status: 'idle',
    batches: [],
    loadStarted: () => set({ status: 'loading', loadError: undefined }),
    loaded: (batches) => {
      // Batches created while loading (or kept from before a restart) are kept alongside the saved ones.
      const held = get().batches;
      const saved = batches.filter((record) => !held.some((kept) => kept.id === record.id));
      set({ status: 'ready', batches: [...held, ...saved].sort((a, b) => b.createdAt - a.createdAt) });
    },
    loadFailed: (loadError) => set({ status: 'failed', loadError }),
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
    batchRenamed: (id, name) =>
      set((state) => ({
        batches: update(state.batches, id, ({ name: _old, ...record }) => {
          const kept = keptBatchName(name);
          return kept ? { ...record, name: kept } : record;
        }),
      })),
    batchDeleted: (id) => set((state) => ({ batches: state.batches.filter((record) => record.id !== id) })),
    batchJudged: (id, judge) =>
      set((state) => ({
        batches: update(state.batches, id, (record) => ({ ...record, verdicts: judge(record.verdicts) })),
      })),
  }));

export type BatchesStore = ReturnType<typeof createBatchesStore>;

const batchesStore = storeContext<BatchesState>('the batches');
export const BatchesProvider = batchesStore.Provider;
export const useBatchesStore = batchesStore.useState;

export const findBatch = (id: string) => (state: Pick<BatchesState, 'batches'>) =>
  state.batches.find((record) => record.id === id);
