import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { serviceStore } from '@/lib/console-services';
import type { PersonWebStorage } from '@/lib/person-storage';

export interface KnownAssistant {
  id: string;
  name: string;
  description?: string;
}

export interface SelectionState {
  assistant: KnownAssistant | null;
  /** '' means the assistant's own default model. */
  model: string;
  /** Assistants added by ID, kept so they can be picked again. */
  addedAssistants: KnownAssistant[];
  /** Answers stream (or come as one JSON body). */
  streamAnswers: boolean;
  /** Bumped when something asks for the assistant picker to open (an error's "Pick another assistant"). */
  pickerRequests: number;
  assistantSelected(assistant: KnownAssistant): void;
  assistantAddedById(assistant: KnownAssistant): void;
  modelChosen(model: string): void;
  /** The server named an assistant we knew only by id. */
  assistantDescribed(id: string, name: string): void;
  streamModeChanged(stream: boolean): void;
  assistantPickerRequested(): void;
}

// Choices are not secrets, so they outlive the tab (localStorage), unlike tokens and transcripts; they are the
// person's (the key carries their owner) and Sign out removes them.
export const createSelectionStore = (web: PersonWebStorage) =>
  createStore<SelectionState>()(
    persist(
      (set) => ({
        assistant: null,
        model: '',
        addedAssistants: [],
        streamAnswers: true,
        pickerRequests: 0,
        assistantSelected: (assistant) => set({ assistant }),
        assistantAddedById: (assistant) =>
          set((state) => ({
            assistant,
            addedAssistants: [assistant, ...state.addedAssistants.filter((known) => known.id !== assistant.id)].slice(
              0,
              20,
            ),
          })),
        modelChosen: (model) => set({ model }),
        assistantDescribed: (id, name) =>
          set((state) => ({
            assistant: state.assistant?.id === id ? { ...state.assistant, name } : state.assistant,
            addedAssistants: state.addedAssistants.map((known) => (known.id === id ? { ...known, name } : known)),
          })),
        streamModeChanged: (streamAnswers) => set({ streamAnswers }),
        assistantPickerRequested: () => set((state) => ({ pickerRequests: state.pickerRequests + 1 })),
      }),
      {
        name: web.key('selection'),
        storage: createJSONStorage(() => web.stateStorage('selection', { maxChars: 100_000, limitWords: '100 KB' })),
        version: 1,
        partialize: ({ assistant, model, addedAssistants, streamAnswers }) => ({
          assistant,
          model,
          addedAssistants,
          streamAnswers,
        }),
      },
    ),
  );

export const [useSelectionStore, useSelectionApi] = serviceStore((services) => services.chat.selection);
