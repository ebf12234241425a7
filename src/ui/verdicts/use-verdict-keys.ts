import { useState, type KeyboardEvent } from 'react';
import { isTypingTarget, type ShortcutDefinition } from '@/ui/shortcuts/shortcuts';

/** The keys of the rows people judge (a batch's, a comparison's, a replay's answers), as the keyboard help lists them. */
export const verdictShortcuts: readonly ShortcutDefinition[] = [
  {
    label: 'Judge the focused row: 1 pass or better, 2 fail or same, 3 worse, 0 takes the verdict away',
    combos: [{ key: '1' }, { key: '2' }, { key: '3' }, { key: '0' }],
    note: 'on a batch’s rows, a comparison’s rows and a replay’s answers',
  },
  {
    label: 'Next / previous row',
    combos: [{ key: 'j' }, { key: 'k' }],
    note: 'on a batch’s or a comparison’s rows, a replay’s answers',
  },
];

/** The digit pressed, read from the physical key too (a layout where the digits need Shift still gives them). */
function digitOf(event: KeyboardEvent<HTMLElement>): number | undefined {
  if (/^[0-9]$/.test(event.key)) return Number(event.key);
  const code = /^(?:Digit|Numpad)([0-9])$/.exec(event.code)?.[1];
  return code === undefined ? undefined : Number(code);
}

/** J or K, read from the physical key too (a non-Latin layout types another letter there). */
function moveOf(event: KeyboardEvent<HTMLElement>): 1 | -1 | undefined {
  const key = event.key.toLowerCase();
  if (key === 'j' || (key.length === 1 && !/[\x20-\x7e]/.test(key) && event.code === 'KeyJ')) return 1;
  if (key === 'k' || (key.length === 1 && !/[\x20-\x7e]/.test(key) && event.code === 'KeyK')) return -1;
  return undefined;
}

/**
 * Keyboard judging over a table's rows or a list's items: one row is in the tab order at a time (the last one focused); with focus
 * in a row, a digit judges it and J / K move to the next / previous row. Keys typed into a field are the field's.
 */
export function useVerdictKeys(rowKeys: readonly string[], onDigit: (rowKey: string, digit: number) => void) {
  const [active, setActive] = useState<string | undefined>(undefined);
  const current = active !== undefined && rowKeys.includes(active) ? active : rowKeys[0];
  return (rowKey: string) => ({
    tabIndex: rowKey === current ? 0 : -1,
    'data-verdict-row': rowKey,
    onFocus: () => setActive(rowKey),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (isTypingTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const digit = digitOf(event);
      const move = digit === undefined ? moveOf(event) : undefined;
      if (digit !== undefined) {
        event.preventDefault();
        onDigit(rowKey, digit);
      } else if (move !== undefined) {
        event.preventDefault();
        const list = event.currentTarget.parentElement?.closest('table, ol, ul');
        const rows = [...(list?.querySelectorAll<HTMLElement>('[data-verdict-row]') ?? [])];
        rows[rows.indexOf(event.currentTarget) + move]?.focus();
      }
    },
  });
}
