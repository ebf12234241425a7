import { useCallback, useState } from 'react';

const read = (key: string): string => {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
};

/**
 * Text the person is typing, kept in localStorage as they type, so a reload or an error never loses it.
 * Cleared (key removed) once what it was for is done.
 */
export function useStoredText(key: string): [string, (text: string) => void, () => void] {
  const [text, setText] = useState(() => read(key));
  const update = useCallback(
    (next: string) => {
      setText(next);
      try {
        if (next) localStorage.setItem(key, next);
        else localStorage.removeItem(key);
      } catch {
        // Storage full or blocked: the text lives in memory for this page only.
      }
    },
    [key],
  );
  const clear = useCallback(() => update(''), [update]);
  return [text, update, clear];
}
