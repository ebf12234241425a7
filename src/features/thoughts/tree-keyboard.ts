import type { KeyboardEvent } from 'react';

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
