import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { storeContext } from '@/lib/services-context';
import type { PersonWebStorage } from '@/lib/storage/person-storage';

export interface KnownAssistant {
  id: string;
  name: string;
  description?: string;
}

export interface SelectionState {
  assistant: KnownAssistant | null;
  /**
   * The model override of each conversation (a new chat's by its id-to-be), chosen there and used only there; none or
   * '' means the assistant's own default model. Not kept across reloads: a reopened conversation takes the model of
   * its latest question.
   */
  models: Readonly<Record<string, string>>;
  /** Assistants added by ID, kept so they can be picked again. */
  addedAssistants: KnownAssistant[];
  /** Answers stream (or come as one JSON body). */
  streamAnswers: boolean;
  /** Bumped when something asks for the assistant picker to open (an error's "Pick another assistant"). */
  pickerRequests: number;
  /** Bumped when something asks for the model picker to open (a model the project does not allow). */
  modelPickerRequests: number;
  /** The last of those requests a model picker answered (one mounted later, in the narrow sheet, answers it then). */
  modelPickerHandled: number;
  /** An assistant preselected (the first run), with no conversation's choice to undo. */
  assistantSelected(assistant: KnownAssistant): void;
  /** The person picked who answers next in a conversation: its model override goes (the new assistant's default). */
  assistantPicked(conversationId: string, assistant: KnownAssistant): void;
  assistantAddedById(conversationId: string, assistant: KnownAssistant): void;
  /** A conversation opened: who answered its latest question, and with which model, answer next. */
  conversationOpened(conversationId: string, assistant: KnownAssistant, model: string): void;
  modelChosen(conversationId: string, model: string): void;
  streamModeChanged(stream: boolean): void;
  assistantPickerRequested(): void;
  modelPickerRequested(): void;
  modelPickerOpened(): void;
}

/** The model a conversation's next question asks for ('' for the assistant's default). */
export const modelOf = (state: Pick<SelectionState, 'models'>, conversationId: string): string =>
  // Own keys only: an address names the conversation, and "/chat/__proto__" must not read the object's prototype.
  (Object.hasOwn(state.models, conversationId) ? state.models[conversationId] : undefined) ?? '';

const withModel = (models: SelectionState['models'], conversationId: string, model: string) => {
  const { [conversationId]: _replaced, ...rest } = models;
  return model === '' ? rest : { ...rest, [conversationId]: model };
};

/** What is kept of a choice: the assistant, the ones added by ID and the stream switch (never a model override). */
type Kept = Pick<SelectionState, 'assistant' | 'addedAssistants' | 'streamAnswers'>;

// Choices are not secrets, so they outlive the tab (localStorage), unlike tokens and transcripts; they are the
// person's (the key carries their owner) and Sign out removes them.
export const createSelectionStore = (web: PersonWebStorage) =>
  createStore<SelectionState>()(
    persist(
      (set) => ({
        assistant: null,
        models: {},
        addedAssistants: [],
        streamAnswers: true,
        pickerRequests: 0,
        modelPickerRequests: 0,
        modelPickerHandled: 0,
        assistantSelected: (assistant) => set({ assistant }),
        assistantPicked: (conversationId, assistant) =>
          set((state) => ({ assistant, models: withModel(state.models, conversationId, '') })),
        assistantAddedById: (conversationId, assistant) =>
          set((state) => ({
            assistant,
            models: withModel(state.models, conversationId, ''),
            addedAssistants: [assistant, ...state.addedAssistants.filter((known) => known.id !== assistant.id)].slice(
              0,
              20,
            ),
          })),
        conversationOpened: (conversationId, assistant, model) =>
          set((state) => ({
            // The one already picked keeps what is known of it (its description).
            assistant: state.assistant?.id === assistant.id ? state.assistant : assistant,
            models: withModel(state.models, conversationId, model),
          })),
        modelChosen: (conversationId, model) =>
          set((state) => ({ models: withModel(state.models, conversationId, model) })),
        streamModeChanged: (streamAnswers) => set({ streamAnswers }),
        assistantPickerRequested: () => set((state) => ({ pickerRequests: state.pickerRequests + 1 })),
        modelPickerRequested: () => set((state) => ({ modelPickerRequests: state.modelPickerRequests + 1 })),
        modelPickerOpened: () => set((state) => ({ modelPickerHandled: state.modelPickerRequests })),
      }),
      {
        name: web.key('selection'),
        storage: createJSONStorage(() => web.stateStorage('selection', { maxChars: 100_000, limitWords: '100 KB' })),
        // Version 1 kept one model override for every chat; it is dropped: each conversation has its own now.
        version: 2,
        migrate: (stored) => keptOf(stored),
        partialize: ({ assistant, addedAssistants, streamAnswers }): Kept => ({
          assistant,
          addedAssistants,
          streamAnswers,
        }),
      },
    ),
  );

/** What a stored choice of any version keeps: everything but the one model override version 1 had. */
function keptOf(stored: unknown): Kept {
  const { model: _dropped, ...kept } = (stored ?? {}) as Partial<Kept> & { model?: unknown };
  return kept as Kept;
}

const selectionStore = storeContext<SelectionState>('the assistant and model picked');
export const SelectionProvider = selectionStore.Provider;
export const useSelectionStore = selectionStore.useState;
export const useSelectionApi = selectionStore.useApi;
