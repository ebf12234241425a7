import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface KnownAssistant {
  id: string;
  name: string;
  description?: string;
}

interface SelectionState {
  assistant: KnownAssistant | null;
  /** '' means the assistant's own default model. */
  model: string;
  /** Assistants added by ID, kept so they can be picked again. */
  addedAssistants: KnownAssistant[];
  assistantSelected(assistant: KnownAssistant): void;
  assistantAddedById(assistant: KnownAssistant): void;
  modelChosen(model: string): void;
  /** The server named an assistant we knew only by id. */
  assistantDescribed(id: string, name: string): void;
}

// Choices are not secrets, so they outlive the tab (localStorage), unlike tokens and transcripts.
export const useSelectionStore = create<SelectionState>()(
  persist(
    (set) => ({
      assistant: null,
      model: '',
      addedAssistants: [],
      assistantSelected: (assistant) => set({ assistant }),
      assistantAddedById: (assistant) =>
        set((state) => ({
          assistant,
          addedAssistants: [assistant, ...state.addedAssistants.filter((known) => known.id !== assistant.id)].slice(0, 20),
        })),
      modelChosen: (model) => set({ model }),
      assistantDescribed: (id, name) =>
        set((state) => ({
          assistant: state.assistant?.id === id ? { ...state.assistant, name } : state.assistant,
          addedAssistants: state.addedAssistants.map((known) => (known.id === id ? { ...known, name } : known)),
        })),
    }),
    { name: 'assistant-console.selection', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
