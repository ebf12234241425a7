import { createStore } from 'zustand/vanilla';
import { storeContext } from '@/lib/services-context';

export interface EditorFocus {
  /** The turn whose question editor should take the keyboard once it is mounted. */
  pending: string | null;
  requested(turnId: string): void;
  taken(): void;
}

/**
 * "Edit question" (on the bubble, or in a failed turn's error) sends the keyboard to the editor it opens; an edit
 * brought back by a reload does not take it. The request waits here until that editor is mounted.
 */
export const createEditorFocusStore = () =>
  createStore<EditorFocus>()((set) => ({
    pending: null,
    requested: (turnId) => set({ pending: turnId }),
    taken: () => set({ pending: null }),
  }));

const editorFocusStore = storeContext<EditorFocus>('the editor focus requests');
export const EditorFocusProvider = editorFocusStore.Provider;
export const useEditorFocus = editorFocusStore.useState;
