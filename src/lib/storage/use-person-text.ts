import { useMemo } from 'react';
import { useConsoleServices } from '@/lib/services-context';
import type { personKey } from './storage-registry';

/** Typed text (a paused run's message) is small; a paste of a whole document is kept on the page only. */
const typedTextLimit = { maxChars: 100_000, limitWords: '100 KB' };

/** The signed-in person's slot for text typed into one thing (`part`: a run's id), for `useStoredText`. */
export function usePersonTextSlot(name: Parameters<typeof personKey>[0], part: string) {
  const { web } = useConsoleServices();
  return useMemo(() => web.text(name, part, typedTextLimit), [web, name, part]);
}
