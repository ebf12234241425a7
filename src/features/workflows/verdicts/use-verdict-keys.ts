import { useState, type KeyboardEvent } from 'react';

const typing = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Keyboard judging over a table's rows: one row is in the tab order at a time (the last one focused); with focus
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
      if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      if (/^[0-9]$/.test(key)) {
        event.preventDefault();
        onDigit(rowKey, Number(key));
      } else if (key === 'j' || key === 'k') {
        event.preventDefault();
        const rows = [
          ...(event.currentTarget.closest('table')?.querySelectorAll<HTMLElement>('[data-verdict-row]') ?? []),
        ];
        const next = rows[rows.indexOf(event.currentTarget) + (key === 'j' ? 1 : -1)];
        next?.focus();
      }
    },
  });
}
