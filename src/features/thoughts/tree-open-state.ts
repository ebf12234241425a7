import { thoughtStatus, type ThoughtNode } from '@/domain/thoughts/thought-tree';

/** How far a long text is shown: its first page, or all of it (unset: a short preview). */
export type TextExtent = 'page' | 'all';

/**
 * What the person opened in one turn's thought tree. Kept per turn (a thought id repeated in another turn has its
 * own state) and outside the components, so a turn scrolled out of the transcript comes back as it was left.
 */
export interface TreeView {
  /** The panel under the answer is open; unset until chosen (then a tree seen while it streams is open). */
  readonly open?: boolean;
  /** The last "Expand all" (true) or "Collapse all" (false): nodes without a choice of their own follow it. */
  readonly all?: boolean;
  /** Open/closed choices per node, made after the last "all". */
  readonly nodes: Readonly<Record<string, boolean>>;
  /** Long texts shown beyond their preview, by node id and part. */
  readonly texts: Readonly<Record<string, TextExtent>>;
}

export const emptyTreeView: TreeView = { nodes: {}, texts: {} };

/** The choice made for a node: an own entry only, as ids come from the server (`constructor` is an id like any other). */
const choiceOf = (view: TreeView, id: string): boolean | undefined =>
  Object.hasOwn(view.nodes, id) ? view.nodes[id] : undefined;

/** The choices with these nodes open (own entries, whatever the ids: `__proto__` too). */
const opened = (nodes: TreeView['nodes'], ids: readonly string[]): TreeView['nodes'] => ({
  ...nodes,
  ...Object.fromEntries(ids.map((id) => [id, true])),
});

/** Nodes without any choice follow their status: running ones are open, so the live step is in sight. */
export function isNodeOpen(view: TreeView, node: ThoughtNode): boolean {
  return choiceOf(view, node.id) ?? view.all ?? thoughtStatus(node) === 'running';
}

export const withPanel = (view: TreeView, open: boolean): TreeView => ({ ...view, open });

export const withNode = (view: TreeView, id: string, open: boolean): TreeView => ({
  ...view,
  nodes: { ...view.nodes, [id]: open },
});

/** One change however big the tree: the bulk choice, and the per-node choices it overrides are dropped. */
export const withAll = (view: TreeView, open: boolean): TreeView => ({ ...view, all: open, nodes: {} });

/** Pins nodes open that only follow their status (so they stay open after they finish); chosen ones stay as chosen. */
export function withKeptOpen(view: TreeView, ids: readonly string[]): TreeView {
  if (view.all !== undefined) return view;
  const loose = ids.filter((id) => choiceOf(view, id) === undefined);
  if (!loose.length) return view;
  return { ...view, nodes: opened(view.nodes, loose) };
}

export function withText(view: TreeView, key: string, extent: TextExtent | undefined): TreeView {
  const texts = { ...view.texts };
  if (extent) texts[key] = extent;
  else delete texts[key];
  return { ...view, texts };
}

/** The panel open, these nodes open and these texts at least at their first page; what is already open stays so. */
export function withRevealed(view: TreeView, ids: readonly string[], textKeys: readonly string[]): TreeView {
  const nodes = opened(view.nodes, ids);
  const texts = { ...view.texts };
  for (const key of textKeys) texts[key] ??= 'page';
  return { ...view, open: true, nodes, texts };
}
