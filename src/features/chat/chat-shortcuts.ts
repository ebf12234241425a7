import { createStore } from 'zustand/vanilla';
import { serviceStore } from '@/lib/services-context';
import type { ShortcutDefinition } from '@/ui/shortcuts/shortcuts';

/** The chat's keyboard shortcuts; the shell lists them in its help, the chat components handle them. */
export const chatShortcuts = {
  newChat: { label: 'New chat', combos: [{ key: 'o', mod: true, shift: true, whileTyping: true }] },
  focusComposer: {
    label: 'Focus the message box',
    combos: [{ key: 'Escape', shift: true, whileTyping: true }, { key: '/' }],
  },
  stop: { label: 'Stop the answer', combos: [{ key: 'Escape', whileTyping: true }], note: 'while it streams' },
  searchConversations: { label: 'Search conversations', combos: [{ key: 'k', mod: true, whileTyping: true }] },
  findInConversation: {
    label: 'Find in this conversation',
    combos: [{ key: 'f', mod: true, whileTyping: true }],
    note: 'in the chat page',
  },
} satisfies Record<string, ShortcutDefinition>;

export interface ComposerFocus {
  pending: boolean;
  requested(): void;
  taken(): void;
}

/**
 * "New chat" from anywhere ends in the message box: the request waits here until a composer is mounted to take it,
 * so nothing reaches for the composer through the DOM.
 */
export const createComposerFocusStore = () =>
  createStore<ComposerFocus>()((set) => ({
    pending: false,
    requested: () => set({ pending: true }),
    taken: () => set({ pending: false }),
  }));

export const [useComposerFocus] = serviceStore((services) => services.chat.composerFocus);
