import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { storeContext } from '@/lib/services-context';
import type { PersonWebStorage } from '@/lib/storage/person-storage';

export interface BatchFormDraft {
  source: 'lines' | 'csv';
  lines: string;
  /** The loaded CSV file's name and text, so a reload keeps it (within `batchDraftLimit`). */
  csv: { fileName: string; text: string } | null;
  inputColumn: number;
  /** -1: no column of tags. */
  tagsColumn: number;
  commonTags: string[];
  tagDraft: string;
  /** One generated id by default, so the whole batch is one session in the trace view. */
  sessionId: string;
  concurrency: number;
}

export interface BatchDraftState {
  mode: 'single' | 'batch';
  draft: BatchFormDraft;
  modeChosen(mode: 'single' | 'batch'): void;
  draftChanged(change: Partial<BatchFormDraft>): void;
  /** After a batch started: the next one starts from the same settings but a new session. */
  batchStarted(nextSessionId: string): void;
}

export const emptyBatchDraft = (sessionId: string): BatchFormDraft => ({
  source: 'lines',
  lines: '',
  csv: null,
  inputColumn: 0,
  tagsColumn: -1,
  commonTags: [],
  tagDraft: '',
  sessionId,
  concurrency: 2,
});

/**
 * How much of the batch draft a reload keeps: a bigger CSV stays on the page, is not kept, and the banner says so.
 * Well under sessionStorage's ~5 MB, so the sign-in tokens beside it always have room.
 */
export const batchDraftLimit = { maxChars: 1_000_000, limitWords: '1 MB' };

/** The batch form's draft: survives errors and reloads of this tab; the person's, removed by Sign out. */
export const createBatchDraftStore = (web: PersonWebStorage) =>
  createStore<BatchDraftState>()(
    persist(
      (set) => ({
        mode: 'single',
        draft: emptyBatchDraft(crypto.randomUUID()),
        modeChosen: (mode) => set({ mode }),
        draftChanged: (change) => set((state) => ({ draft: { ...state.draft, ...change } })),
        batchStarted: (sessionId) => set((state) => ({ draft: { ...state.draft, sessionId } })),
      }),
      {
        name: web.key('batchDraft'),
        storage: createJSONStorage(() => web.stateStorage('batchDraft', batchDraftLimit)),
        version: 1,
      },
    ),
  );

const batchDraftStore = storeContext<BatchDraftState>("the batch form's draft");
export const BatchDraftProvider = batchDraftStore.Provider;
export const useBatchDraftStore = batchDraftStore.useState;
