import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LaunchForm } from '@/domain/workflows/execution-request';

export const emptyForm: LaunchForm = { userInput: '', tags: [], sessionId: '', fileName: '' };

interface LauncherState {
  workflow: { id: string; name: string } | null;
  /** Workflows added by ID, for servers without a list. */
  added: { id: string; name: string }[];
  form: LaunchForm;
  /** The tag being typed, not yet a chip: kept like the rest of the draft. */
  tagDraft: string;
  /** Start runs with stream:true and watch them live (servers that do not stream answer as usual). */
  streamLive: boolean;
  workflowChosen(workflow: { id: string; name: string }): void;
  workflowAdded(workflow: { id: string; name: string }): void;
  formChanged(change: Partial<LaunchForm>): void;
  tagDraftChanged(text: string): void;
  streamLiveChanged(streamLive: boolean): void;
  /** Run again: the launcher takes a past run's workflow and inputs. */
  prefilled(workflow: { id: string; name: string }, form: LaunchForm): void;
}

/** The launcher's draft: survives errors and reloads (this tab), and is kept after a launch for the next one. */
export const useLauncherStore = create<LauncherState>()(
  persist(
    (set) => ({
      workflow: null,
      added: [],
      form: emptyForm,
      tagDraft: '',
      streamLive: true,
      workflowChosen: (workflow) => set({ workflow }),
      workflowAdded: (workflow) => set((state) => ({ workflow, added: [...state.added.filter((item) => item.id !== workflow.id), workflow] })),
      formChanged: (change) => set((state) => ({ form: { ...state.form, ...change } })),
      tagDraftChanged: (tagDraft) => set({ tagDraft }),
      streamLiveChanged: (streamLive) => set({ streamLive }),
      prefilled: (workflow, form) => set({ workflow, form, tagDraft: '' }),
    }),
    { name: 'assistant-console.workflow-launcher', storage: createJSONStorage(() => sessionStorage), version: 1 },
  ),
);
