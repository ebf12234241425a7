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
  /** The person's name for the batch ("prompt v2"); empty: it is known by when it started. */
  name: string;
}

/** The batch this form started last, to tell its inputs from new ones (and not start them twice by accident). */
export interface StartedBatch {
  batchId: string;
  workflowId: string;
  /** As the batch is labelled: “prompt v2”, or by its time. */
  label: string;
  count: number;
  /** `batchFingerprint` of what it ran. */
  fingerprint: string;
}

export interface BatchDraftState {
  mode: 'single' | 'batch';
  draft: BatchFormDraft;
  lastStarted: StartedBatch | null;
  modeChosen(mode: 'single' | 'batch'): void;
  draftChanged(change: Partial<BatchFormDraft>): void;
  /** After a batch started: the next one starts from the same inputs and settings, with a new session and no name. */
  batchStarted(nextSessionId: string, started: StartedBatch): void;
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
  name: '',
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
        lastStarted: null,
        modeChosen: (mode) => set({ mode }),
        draftChanged: (change) => set((state) => ({ draft: { ...state.draft, ...change } })),
        batchStarted: (sessionId, lastStarted) =>
          set((state) => ({ draft: { ...state.draft, sessionId, name: '' }, lastStarted })),
      }),
      {
        name: web.key('batchDraft'),
        storage: createJSONStorage(() => web.stateStorage('batchDraft', batchDraftLimit)),
        version: 1,
        // A draft kept by an earlier console lacks the fields added since: they take their defaults.
        merge: (persisted, current) => {
          const kept = (persisted ?? {}) as Partial<BatchDraftState>;
          return { ...current, ...kept, draft: { ...current.draft, ...kept.draft } };
        },
      },
    ),
  );

const batchDraftStore = storeContext<BatchDraftState>("the batch form's draft");
export const BatchDraftProvider = batchDraftStore.Provider;
export const useBatchDraftStore = batchDraftStore.useState;
