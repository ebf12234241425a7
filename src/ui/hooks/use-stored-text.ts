import { useCallback, useState } from 'react';

/** Where the text is kept: read once, written (debounced, guarded, size-limited) as the person types. */
export interface StoredTextSlot {
  read(): string;
  write(text: string): void;
  clear(): void;
}

/**
 * Text the person is typing, kept in this browser as they type, so a reload or an error never loses it.
 * Cleared once what it was for is done.
 */
export function useStoredText(slot: StoredTextSlot): [string, (text: string) => void, () => void] {
  const [text, setText] = useState(() => slot.read());
  const update = useCallback(
    (next: string) => {
      setText(next);
      slot.write(next);
    },
    [slot],
  );
  const clear = useCallback(() => update(''), [update]);
  return [text, update, clear];
}
