import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface ToolSwitches {
  webSearch: boolean;
  codeInterpreter: boolean;
}

export const toolsOff: ToolSwitches = { webSearch: false, codeInterpreter: false };

/** The conversations whose switches are remembered: the most recently changed ones. */
const remembered = 200;

interface ToolSwitchesState {
  /** By conversation id (a new chat's id is known before its first question). Only conversations with one on. */
  byConversation: Readonly<Record<string, ToolSwitches>>;
  switched(conversationId: string, switches: ToolSwitches): void;
}

// Per-chat choices, like the official UI's dynamic tools: not secrets, so they outlive the tab.
export const useToolSwitches = create<ToolSwitchesState>()(
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
    { name: 'assistant-console.tool-switches', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

export const toolSwitchesOf = (conversationId: string): ToolSwitches =>
  useToolSwitches.getState().byConversation[conversationId] ?? toolsOff;
