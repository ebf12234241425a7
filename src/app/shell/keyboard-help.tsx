import { useState } from 'react';
import { chatShortcuts } from '@/features/chat';
import { startRunShortcut } from '@/features/workflows';
import { verdictShortcuts } from '@/ui/verdicts/use-verdict-keys';
import type { ShortcutDefinition } from '@/ui/shortcuts/shortcuts';
import { ShortcutsDialog, type ShortcutGroup } from '@/ui/shortcuts/shortcuts-dialog';
import { useShortcut } from '@/ui/shortcuts/shortcuts-registry';

const help: ShortcutDefinition = { label: 'Show keyboard shortcuts', combos: [{ key: '?' }] };

const groups: readonly ShortcutGroup[] = [
  {
    title: 'Chat',
    shortcuts: [
      chatShortcuts.newChat,
      chatShortcuts.searchConversations,
      chatShortcuts.findInConversation,
      chatShortcuts.focusComposer,
      chatShortcuts.stop,
    ],
  },
  { title: 'Workflows', shortcuts: [startRunShortcut, ...verdictShortcuts] },
  { title: 'Anywhere', shortcuts: [help] },
];

/** `?` (or the rail's button) opens the list of every shortcut of the console. */
export function useKeyboardHelp() {
  const [open, setOpen] = useState(false);
  useShortcut(help, () => setOpen(true));
  return {
    show: () => setOpen(true),
    dialog: <ShortcutsDialog open={open} onClose={() => setOpen(false)} groups={groups} />,
  };
}
