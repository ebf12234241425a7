import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { serviceStore } from '@/lib/services-context';
import type { PersonWebStorage } from '@/lib/storage/person-storage';

export interface ToolSwitches {
  webSearch: boolean;
  codeInterpreter: boolean;
}

export const toolsOff: ToolSwitches = { webSearch: false, codeInterpreter: false };

/** The conversations whose switches are remembered: the most recently changed ones. */
const remembered = 200;

export interface ToolSwitchesState {
  /** By conversation id (a new chat's id is known before its first question). Only conversations with one on. */
  byConversation: Readonly<Record<string, ToolSwitches>>;
  switched(conversationId: string, switches: ToolSwitches): void;
}

// Per-chat choices, like the official UI's dynamic tools: not secrets, so they outlive the tab; the person's (the
// key carries their owner), removed by Sign out.
export const createToolSwitchesStore = (web: PersonWebStorage) =>
  createStore<ToolSwitchesState>()(
    persist(
      (set) => ({
        byConversation: {},
        switched: (conversationId, switches) =>
          set((state) => {
            const { [conversationId]: _old, ...others } = state.byConversation;
            const kept = Object.entries(others).slice(-(remembered - 1));
            const on = switches.webSearch || switches.codeInterpreter;
            return { byConversation: Object.fromEntries(on ? [...kept, [conversationId, switches]] : kept) };
          }),
      }),
      {
        name: web.key('toolSwitches'),
        storage: createJSONStorage(() => web.stateStorage('toolSwitches', { maxChars: 100_000, limitWords: '100 KB' })),
        version: 1,
      },
    ),
  );

export const [useToolSwitches, useToolSwitchesApi] = serviceStore((services) => services.chat.toolSwitches);

export const toolSwitchesOf = (state: ToolSwitchesState, conversationId: string): ToolSwitches =>
  // An id such as `constructor` is a chat like any other, not the object's own property.
  (Object.hasOwn(state.byConversation, conversationId) ? state.byConversation[conversationId] : undefined) ?? toolsOff;
