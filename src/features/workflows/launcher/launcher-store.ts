import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { storeContext } from '@/lib/services-context';
import type { PersonWebStorage } from '@/lib/storage/person-storage';
import type { LaunchForm } from '@/domain/workflows/request/execution-request';

export const emptyForm: LaunchForm = { userInput: '', tags: [], sessionId: '', fileName: '' };

/** The run a form was filled from ("Run again with changes"), with the headers it sent, to offer them again. */
export interface ForkOf {
  runId: string;
  workflowId: string;
  label: string;
  /** The header profile the run sent from and whether it forwarded at all (absent: not known, e.g. from the server). */
  headers?: { profileName: string | null; forwarding: boolean };
}

export interface LauncherState {
  workflow: { id: string; name: string } | null;
  /** Workflows added by ID, for servers without a list. */
  added: { id: string; name: string }[];
  form: LaunchForm;
  /** The tag being typed, not yet a chip: kept like the rest of the draft. */
  tagDraft: string;
  /** Start runs with stream:true and watch them live (servers that do not stream answer as usual). */
  streamLive: boolean;
  /** Each workflow's own draft, so nothing typed for one workflow is carried into a run of another. */
  drafts: Record<string, { form: LaunchForm; tagDraft: string }>;
  /** The form shown was brought back from this workflow's earlier draft (said above the form). */
  restored: boolean;
  /** "Run again with changes": the run the form was filled from; the next run records it as its parent. */
  forkOf: ForkOf | null;
  /** The server refused the form's file at start: it was taken out, and this says which to choose again and why. */
  fileAskedAgain: string | null;
  workflowChosen(workflow: { id: string; name: string }): void;
  workflowAdded(workflow: { id: string; name: string }): void;
  formChanged(change: Partial<LaunchForm>): void;
  tagDraftChanged(text: string): void;
  streamLiveChanged(streamLive: boolean): void;
  /** Run again: the launcher takes a past run's workflow and inputs (and, for a fork, remembers the run). */
  prefilled(workflow: { id: string; name: string }, form: LaunchForm, forkOf?: Omit<ForkOf, 'workflowId'>): void;
  /** The server refused the file at start: the field is emptied, with `message` beside it until a file is chosen. */
  fileRefused(message: string): void;
  /** The fork's parent is forgotten (launched, or dismissed). */
  forkForgotten(): void;
  /** "New run": the form starts clean. */
  cleared(): void;
}

const isEmpty = (form: LaunchForm) =>
  form.userInput === '' && form.tags.length === 0 && form.sessionId === '' && form.fileName === '';

/** Leaves the current workflow's draft with it, and takes up the next one's (or a clean form). */
function switchedTo(state: LauncherState, workflow: { id: string; name: string }): Partial<LauncherState> {
  if (state.workflow?.id === workflow.id) return { workflow };
  const forkOf = state.forkOf?.workflowId === workflow.id ? state.forkOf : null;
  const drafts = state.workflow
    ? { ...state.drafts, [state.workflow.id]: { form: state.form, tagDraft: state.tagDraft } }
    : state.drafts;
  const saved = drafts[workflow.id];
  return {
    workflow,
    drafts,
    forkOf,
    form: saved?.form ?? emptyForm,
    tagDraft: saved?.tagDraft ?? '',
    restored: saved !== undefined && !(isEmpty(saved.form) && saved.tagDraft === ''),
  };
}

/** How much of the launcher's drafts a reload keeps: past it, they stay on the page and the banner says so. */
export const launcherDraftLimit = { maxChars: 200_000, limitWords: '200 KB' };

/**
 * The launcher's draft: survives errors and reloads (this tab), and is kept after a launch for the next one. It is
 * the person's (its key carries their owner), and Sign out removes it.
 */
export const createLauncherStore = (web: PersonWebStorage) =>
  createStore<LauncherState>()(
    persist(
      (set) => ({
        workflow: null,
        added: [],
        form: emptyForm,
        tagDraft: '',
        streamLive: true,
        drafts: {},
        restored: false,
        forkOf: null,
        fileAskedAgain: null,
        workflowChosen: (workflow) => set((state) => switchedTo(state, workflow)),
        workflowAdded: (workflow) =>
          set((state) => ({
            ...switchedTo(state, workflow),
            added: [...state.added.filter((item) => item.id !== workflow.id), workflow],
          })),
        formChanged: (change) =>
          set((state) => ({
            form: { ...state.form, ...change },
            ...(change.fileName !== undefined ? { fileAskedAgain: null } : {}),
          })),
        fileRefused: (message) => set((state) => ({ form: { ...state.form, fileName: '' }, fileAskedAgain: message })),
        tagDraftChanged: (tagDraft) => set({ tagDraft }),
        streamLiveChanged: (streamLive) => set({ streamLive }),
        prefilled: (workflow, form, forkOf) =>
          set((state) => ({
            ...switchedTo(state, workflow),
            form,
            tagDraft: '',
            restored: false,
            forkOf: forkOf ? { ...forkOf, workflowId: workflow.id } : null,
            fileAskedAgain: null,
          })),
        forkForgotten: () => set({ forkOf: null }),
        cleared: () => set({ form: emptyForm, tagDraft: '', restored: false, forkOf: null, fileAskedAgain: null }),
      }),
      {
        name: web.key('launcherDraft'),
        storage: createJSONStorage(() => web.stateStorage('launcherDraft', launcherDraftLimit)),
        version: 1,
      },
    ),
  );

const launcherStore = storeContext<LauncherState>("the launcher's draft");
export const LauncherProvider = launcherStore.Provider;
export const useLauncherStore = launcherStore.useState;
