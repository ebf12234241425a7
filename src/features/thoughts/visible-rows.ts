import type { ThoughtNode } from '@/domain/thoughts/thought-tree';
import { isNodeOpen, type TreeView } from './tree-open-state';

/** One visible node of the tree, flattened: what a treeitem needs to say where it is. */
export interface TreeRow {
  readonly node: ThoughtNode;
  readonly level: number;
  readonly setSize: number;
  readonly posInSet: number;
  readonly open: boolean;
  /** Row index of the parent; -1 at the top level. */
  readonly parent: number;
}

/** The nodes a reader can see (those under open nodes), in reading order. Iterative: trees can be deep. */
export function visibleRows(roots: readonly ThoughtNode[], view: TreeView): TreeRow[] {
  const rows: TreeRow[] = [];
  type Frame = { nodes: readonly ThoughtNode[]; next: number; level: number; parent: number };
  const stack: Frame[] = [{ nodes: roots, next: 0, level: 1, parent: -1 }];
  while (stack.length) {
    const frame = stack[stack.length - 1] as Frame;
    const node = frame.nodes[frame.next];
    if (!node) {
      stack.pop();
      continue;
    }
    frame.next += 1;
    const open = isNodeOpen(view, node);
    rows.push({
      node,
      level: frame.level,
      setSize: frame.nodes.length,
      posInSet: frame.next,
      open,
      parent: frame.parent,
    });
    if (open && node.children.length)
      stack.push({ nodes: node.children, next: 0, level: frame.level + 1, parent: rows.length - 1 });
  }
  return rows;
}

/** The ids of the rows above `index` in the tree (its parent, its parent's parent, …). */
export function ancestorIds(rows: readonly TreeRow[], index: number): string[] {
  const ids: string[] = [];
  for (let at = rows[index]?.parent ?? -1; at >= 0; at = rows[at]?.parent ?? -1)
    ids.push((rows[at] as TreeRow).node.id);
  return ids;
}

export type TreeKeyAction = { focus: number } | { toggle: boolean } | null;

/**
 * Keys as in the WAI-ARIA tree pattern: Up/Down move between visible nodes, Right opens a node or enters it, Left
 * closes it or goes to its parent, Home/End jump to the ends, Enter and Space open or close.
 */
export function treeKeyAction(rows: readonly TreeRow[], index: number, key: string): TreeKeyAction {
  const row = rows[index];
  if (!row) return null;
  const focus = (target: number): TreeKeyAction =>
    target >= 0 && target < rows.length ? { focus: target } : { focus: index };
  switch (key) {
    case 'ArrowDown':
      return focus(index + 1);
    case 'ArrowUp':
      return focus(index - 1);
    case 'Home':
      return focus(0);
    case 'End':
      return focus(rows.length - 1);
    case 'ArrowRight':
      if (!row.open) return { toggle: true };
      return (rows[index + 1]?.parent ?? -1) === index ? { focus: index + 1 } : { focus: index };
    case 'ArrowLeft':
      if (row.open) return { toggle: false };
      return focus(row.parent >= 0 ? row.parent : index);
    case 'Enter':
    case ' ':
      return { toggle: !row.open };
    default:
      return null;
  }
}
