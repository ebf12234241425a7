import type { FocusEvent, KeyboardEvent } from 'react';
import { useThoughtViewStore } from './thought-view-store';

const headers = (tree: HTMLElement) => Array.from(tree.querySelectorAll<HTMLButtonElement>('[data-thought-header]'));

/**
 * Keyboard use as in the WAI-ARIA tree pattern, over the node header buttons: Up/Down move between visible
 * nodes, Right opens a node or enters it, Left closes it or goes to its parent, Home/End jump to the ends.
 * Enter and Space are the buttons' own.
 */
export function onTreeKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const current = event.target instanceof HTMLButtonElement && event.target.hasAttribute('data-thought-header') ? event.target : null;
  if (!current) return;
  const all = headers(event.currentTarget);
  const index = all.indexOf(current);
  const level = Number(current.dataset.level);
  const open = current.getAttribute('aria-expanded') === 'true';
  let target: HTMLButtonElement | undefined;
  switch (event.key) {
    case 'ArrowDown':
      target = all[index + 1];
      break;
    case 'ArrowUp':
      target = all[index - 1];
      break;
    case 'Home':
      target = all[0];
      break;
    case 'End':
      target = all[all.length - 1];
      break;
    case 'ArrowRight': {
      if (!open) current.click();
      else {
        const next = all[index + 1];
        if (next && Number(next.dataset.level) > level) target = next;
      }
      break;
    }
    case 'ArrowLeft': {
      if (open) current.click();
      else target = all.slice(0, index).reverse().find((header) => Number(header.dataset.level) < level);
      break;
    }
    default:
      return;
  }
  event.preventDefault();
  target?.focus();
}

/**
 * Roving focus: the tree is one Tab stop (the header last focused, else the first), and the nodes around the
 * focused one stay open even when they finish (finished nodes otherwise collapse by themselves).
 */
export function onTreeFocus(event: FocusEvent<HTMLElement>): void {
  const target = event.target;
  if (!(target instanceof HTMLButtonElement) || !target.hasAttribute('data-thought-header')) return;
  for (const header of headers(event.currentTarget)) header.tabIndex = header === target ? 0 : -1;
  const { expanded, allSet } = useThoughtViewStore.getState();
  const ancestors: string[] = [];
  for (let item = target.closest('li')?.parentElement?.closest<HTMLElement>('li[data-thought-id]'); item; item = item.parentElement?.closest<HTMLElement>('li[data-thought-id]')) {
    const id = item.dataset.thoughtId;
    if (id && expanded[id] === undefined) ancestors.push(id);
  }
  if (ancestors.length) allSet(ancestors, true);
}

/** Keeps exactly one header reachable with Tab, e.g. after the one that had it was hidden. */
export function ensureTabStop(tree: HTMLElement | null): void {
  if (!tree) return;
  const all = headers(tree);
  if (all.length && !all.some((header) => header.tabIndex === 0)) (all[0] as HTMLButtonElement).tabIndex = 0;
}
