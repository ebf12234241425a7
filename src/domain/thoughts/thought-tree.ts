import { mapSet } from './persistent-map';
import {
  buildIndex,
  inconsistent,
  indexSubtree,
  locate,
  replaceAt,
  type Place,
  type ThoughtIndex,
} from './thought-index';
import { waitingFor, type ThoughtNode, type ThoughtTree } from './thought-node';
import type { WireThought } from '@/domain/wire';

export type { ThoughtNode, ThoughtTree } from './thought-node';

/** `waiting`: a tool call a current server paused for the person's approval (not a failure, not an ending). */
export type ThoughtStatus = 'running' | 'completed' | 'error' | 'interrupted' | 'aborted' | 'waiting';

/** The words current servers put on a tool thought they paused for approval (CURRENT-SERVERS.md §1.2). */
const waitingForApproval = /waiting for user approval/i;

export const emptyThoughtTree: ThoughtTree = { roots: [], waiting: {} };

export function thoughtStatus(node: ThoughtNode): ThoughtStatus {
  if (node.error || node.metadata.status === 'error') return 'error';
  if (node.aborted) return 'aborted';
  if (node.interrupted && waitingForApproval.test(node.message)) return 'waiting';
  if (node.interrupted || node.metadata.status === 'interrupted') return 'interrupted';
  if (node.inProgress) return 'running';
  return 'completed';
}

const flag = (value: boolean | null | undefined): boolean => value === true;

function toNode(thought: WireThought): ThoughtNode {
  return {
    id: thought.id,
    parentId: thought.parent_id ?? null,
    authorType: thought.author_type || 'Tool',
    authorName: thought.author_name ?? '',
    outputFormat: thought.output_format || 'text',
    inputText: thought.input_text ?? '',
    message: thought.message ?? '',
    metadata: thought.metadata ?? {},
    inProgress: flag(thought.in_progress),
    error: flag(thought.error),
    interrupted: flag(thought.interrupted),
    aborted: flag(thought.aborted),
    children: (thought.children ?? []).map(toNode),
  };
}

/** The merge rule: message and children append, metadata merges shallowly, flags are replaced. */
function merge(node: ThoughtNode, update: WireThought): ThoughtNode {
  return {
    ...node,
    message: node.message + (update.message ?? ''),
    inputText: update.input_text ? update.input_text : node.inputText,
    authorName: update.author_name || node.authorName,
    authorType: update.author_type || node.authorType,
    outputFormat: update.output_format || node.outputFormat,
    metadata:
      update.metadata && Object.keys(update.metadata).length ? { ...node.metadata, ...update.metadata } : node.metadata,
    inProgress: update.in_progress ?? node.inProgress,
    error: update.error ?? node.error,
    interrupted: update.interrupted ?? node.interrupted,
    aborted: update.aborted ?? node.aborted,
    children: update.children?.length ? [...node.children, ...update.children.map(toNode)] : node.children,
  };
}

// The search the index replaces; kept for streams that repeat an id inside one tree, where the index cannot say
// which node an update means and a search decides as it always did.

/** Applies `change` to the node with `id` anywhere below `nodes`; null when it is not there. Copies only the path. */
function updateIn(
  nodes: readonly ThoughtNode[],
  id: string,
  change: (node: ThoughtNode) => ThoughtNode,
): ThoughtNode[] | null {
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index] as ThoughtNode;
    let next: ThoughtNode | null = null;
    if (node.id === id) next = change(node);
    else if (node.children.length) {
      const children = updateIn(node.children, id, change);
      if (children) next = { ...node, children };
    }
    if (next) {
      const copy = nodes.slice();
      copy[index] = next;
      return copy;
    }
  }
  return null;
}

/** Runs `change` on the node wherever it lives: in the tree or among the children still waiting for a parent. */
function updateAnywhere(tree: ThoughtTree, id: string, change: (node: ThoughtNode) => ThoughtNode): ThoughtTree | null {
  const roots = updateIn(tree.roots, id, change);
  if (roots) return { ...tree, roots };
  for (const [parentId, nodes] of Object.entries(tree.waiting)) {
    const updated = updateIn(nodes, id, change);
    if (updated) return { ...tree, waiting: { ...tree.waiting, [parentId]: updated } };
  }
  return null;
}

/**
 * Gives a new node the children that were waiting for it, and theirs, recursively. `moves` (when given) learns
 * where each adopted node now sits.
 */
function adoptWaiting(
  node: ThoughtNode,
  waiting: Record<string, readonly ThoughtNode[]>,
  moves?: Map<string, Place>,
): ThoughtNode {
  if (moves && Object.keys(waiting).length === 0) return node;
  const children = node.children.map((child) => adoptWaiting(child, waiting, moves));
  const early = waitingFor(waiting, node.id);
  if (!early) return children.every((child, index) => child === node.children[index]) ? node : { ...node, children };
  delete waiting[node.id];
  early.forEach((child, offset) =>
    moves?.set(child.id, { in: 'node', parent: node.id, slot: children.length + offset }),
  );
  return { ...node, children: [...children, ...early.map((child) => adoptWaiting(child, waiting, moves))] };
}

function applyBySearch(tree: ThoughtTree, thought: WireThought): ThoughtTree {
  const merged = updateAnywhere(tree, thought.id, (node) => merge(node, thought));
  if (merged) return merged;
  const waiting = { ...tree.waiting };
  const node = adoptWaiting(toNode(thought), waiting);
  const target = attachTarget(tree, thought);
  if (!target) return { roots: [...tree.roots, node], waiting };
  const attached = updateAnywhere({ roots: tree.roots, waiting }, target, (parent) => ({
    ...parent,
    children: [...parent.children, node],
  }));
  if (attached) return attached;
  return { roots: tree.roots, waiting: { ...waiting, [target]: [...(waitingFor(waiting, target) ?? []), node] } };
}

/** The id a new thought goes under; undefined for the top level. */
function attachTarget(tree: ThoughtTree, thought: WireThought): string | undefined {
  const parentId = thought.parent_id;
  if (!parentId) return undefined;
  return parentId === 'latest' ? tree.roots[tree.roots.length - 1]?.id : parentId;
}

// Each tree's index, derived from the tree and kept beside it rather than in it: stored and exported trees keep
// their shape, and a tree read back from storage gets its index built once, on its first update.
const indexes = new WeakMap<ThoughtTree, ThoughtIndex>();

function indexOf(tree: ThoughtTree): ThoughtIndex {
  let index = indexes.get(tree);
  if (!index) {
    index = buildIndex(tree);
    indexes.set(tree, index);
  }
  return index;
}

function remember(tree: ThoughtTree, index: ThoughtIndex): ThoughtTree {
  indexes.set(tree, index);
  return tree;
}

/** The update through the index: only the nodes on the way to the changed one are visited. Null: ask the search. */
function applyByIndex(tree: ThoughtTree, index: ThoughtIndex, thought: WireThought): ThoughtTree | null {
  const found = locate(tree, index, thought.id);
  if (found === inconsistent) return null;
  if (found) {
    const before = (found.path[found.path.length - 1] as { node: ThoughtNode }).node;
    const after = merge(before, thought);
    let next = index;
    for (let slot = before.children.length; slot < after.children.length; slot += 1) {
      next = indexSubtree(next, after.children[slot] as ThoughtNode, { in: 'node', parent: after.id, slot });
    }
    return remember(replaceAt(tree, found, after), next);
  }

  const waiting = { ...tree.waiting };
  const moves = new Map<string, Place>();
  const node = adoptWaiting(toNode(thought), waiting, moves);
  // The new node's own place is known only once its parent is found; until then a placeholder stands for it.
  let next = indexSubtree(index, node, { in: 'roots', slot: -1 }, moves);
  moves.forEach((place, id) => (next = mapSet(next, id, place)));
  const target = attachTarget(tree, thought);
  if (!target)
    return remember(
      { roots: [...tree.roots, node], waiting },
      mapSet(next, node.id, { in: 'roots', slot: tree.roots.length }),
    );
  const rest: ThoughtTree = { roots: tree.roots, waiting };
  const parent = locate(rest, next, target, node.id);
  if (parent === inconsistent) return null;
  if (parent) {
    const host = (parent.path[parent.path.length - 1] as { node: ThoughtNode }).node;
    const adopted = replaceAt(rest, parent, { ...host, children: [...host.children, node] });
    return remember(adopted, mapSet(next, node.id, { in: 'node', parent: host.id, slot: host.children.length }));
  }
  const early = waitingFor(waiting, target) ?? [];
  const held = { roots: tree.roots, waiting: { ...waiting, [target]: [...early, node] } };
  return remember(held, mapSet(next, node.id, { in: 'waiting', key: target, slot: early.length }));
}

/**
 * Folds one streamed thought into the tree. Pure: the input tree is never changed. The node an update is for is
 * found through an index by id, so a chunk costs about the same in a tree of 10 nodes and of 10,000.
 */
export function applyThought(tree: ThoughtTree, thought: WireThought): ThoughtTree {
  return applyByIndex(tree, indexOf(tree), thought) ?? applyBySearch(tree, thought);
}

/**
 * The tree with the message of the thought `id` changed by `change` (a secret value its streamed pieces assembled,
 * masked); the same tree when there is no such thought or `change` leaves its message as it is.
 */
export function withThoughtMessage(tree: ThoughtTree, id: string, change: (message: string) => string): ThoughtTree {
  const index = indexOf(tree);
  const found = locate(tree, index, id);
  if (found && found !== inconsistent) {
    const node = (found.path[found.path.length - 1] as { node: ThoughtNode }).node;
    const message = change(node.message);
    return message === node.message ? tree : remember(replaceAt(tree, found, { ...node, message }), index);
  }
  let changed = false;
  const next = updateAnywhere(tree, id, (node) => {
    const message = change(node.message);
    changed = message !== node.message;
    return changed ? { ...node, message } : node;
  });
  return next && changed ? next : tree;
}

export type TreeEnd = 'completed' | 'interrupted' | 'stopped';

function settleOne(node: ThoughtNode, children: ThoughtNode[], end: TreeEnd): ThoughtNode {
  const changedChildren = children.some((child, index) => child !== node.children[index]);
  if (!node.inProgress && !changedChildren) return node;
  if (!node.inProgress) return { ...node, children };
  return {
    ...node,
    children,
    inProgress: false,
    ...(end === 'interrupted' ? { interrupted: true } : end === 'stopped' ? { aborted: true } : {}),
  };
}

/** Settles a node and everything below it, children first; a stack, not recursion (chains can be thousands deep). */
function settle(root: ThoughtNode, end: TreeEnd): ThoughtNode {
  const frames: Array<{ node: ThoughtNode; done: ThoughtNode[] }> = [{ node: root, done: [] }];
  let settled: ThoughtNode = root;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as { node: ThoughtNode; done: ThoughtNode[] };
    const next = frame.node.children[frame.done.length];
    if (next) {
      frames.push({ node: next, done: [] });
      continue;
    }
    frames.pop();
    settled = settleOne(frame.node, frame.done, end);
    frames[frames.length - 1]?.done.push(settled);
  }
  return settled;
}

/**
 * The stream is over: nodes still running are settled (interrupted, aborted, or simply done), and children whose
 * parent never came are shown at the top level, marked orphaned.
 */
export function endThoughtTree(tree: ThoughtTree, end: TreeEnd): ThoughtTree {
  const orphans = Object.values(tree.waiting).flatMap((nodes) => nodes.map((node) => ({ ...node, orphaned: true })));
  const roots = [...tree.roots, ...orphans].map((node) => settle(node, end));
  return { roots, waiting: {} };
}

export interface TreeSummary {
  steps: number;
  tools: number;
  errors: number;
  running: number;
}

export function summarizeTree(tree: ThoughtTree): TreeSummary {
  const summary: TreeSummary = { steps: 0, tools: 0, errors: 0, running: 0 };
  // A stack, not recursion: a stream can chain parents thousands of levels deep.
  const stack: ThoughtNode[] = [...tree.roots, ...Object.values(tree.waiting).flat()];
  for (let node = stack.pop(); node; node = stack.pop()) {
    summary.steps += 1;
    if (node.authorType.toLowerCase() === 'tool') summary.tools += 1;
    const status = thoughtStatus(node);
    if (status === 'error') summary.errors += 1;
    if (status === 'running') summary.running += 1;
    for (const child of node.children) stack.push(child);
  }
  return summary;
}
