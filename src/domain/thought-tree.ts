import type { WireThought } from './wire';

/** A thought as the console keeps it: the wire fields, normalised, plus what the console learned. */
export interface ThoughtNode {
  id: string;
  parentId: string | null;
  authorType: string;
  authorName: string;
  outputFormat: string;
  inputText: string;
  message: string;
  metadata: Readonly<Record<string, unknown>>;
  inProgress: boolean;
  error: boolean;
  interrupted: boolean;
  aborted: boolean;
  /** Its parent never arrived; shown at the top level. */
  orphaned?: boolean;
  children: readonly ThoughtNode[];
}

export interface ThoughtTree {
  roots: readonly ThoughtNode[];
  /** Children that arrived before their parent, by the parent's id; attached when it comes. */
  waiting: Readonly<Record<string, readonly ThoughtNode[]>>;
}

export type ThoughtStatus = 'running' | 'completed' | 'error' | 'interrupted' | 'aborted';

export const emptyThoughtTree: ThoughtTree = { roots: [], waiting: {} };

export function thoughtStatus(node: ThoughtNode): ThoughtStatus {
  if (node.error || node.metadata.status === 'error') return 'error';
  if (node.aborted) return 'aborted';
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
    metadata: update.metadata && Object.keys(update.metadata).length ? { ...node.metadata, ...update.metadata } : node.metadata,
    inProgress: update.in_progress ?? node.inProgress,
    error: update.error ?? node.error,
    interrupted: update.interrupted ?? node.interrupted,
    aborted: update.aborted ?? node.aborted,
    children: update.children?.length ? [...node.children, ...update.children.map(toNode)] : node.children,
  };
}

/** Applies `change` to the node with `id` anywhere below `nodes`; null when it is not there. Copies only the path. */
function updateIn(nodes: readonly ThoughtNode[], id: string, change: (node: ThoughtNode) => ThoughtNode): ThoughtNode[] | null {
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

/** Gives a node the children that were waiting for it, and theirs, recursively. */
function adoptWaiting(node: ThoughtNode, waiting: Record<string, readonly ThoughtNode[]>): ThoughtNode {
  const early = waiting[node.id];
  const children = node.children.map((child) => adoptWaiting(child, waiting));
  if (!early) return children.every((child, index) => child === node.children[index]) ? node : { ...node, children };
  delete waiting[node.id];
  return { ...node, children: [...children, ...early.map((child) => adoptWaiting(child, waiting))] };
}

/** Folds one streamed thought into the tree. Pure: the input tree is never changed. */
export function applyThought(tree: ThoughtTree, thought: WireThought): ThoughtTree {
  const merged = updateAnywhere(tree, thought.id, (node) => merge(node, thought));
  if (merged) return merged;

  const waiting = { ...tree.waiting };
  const node = adoptWaiting(toNode(thought), waiting);
  const parentId = thought.parent_id;
  if (!parentId) return { roots: [...tree.roots, node], waiting };
  const target = parentId === 'latest' ? tree.roots[tree.roots.length - 1]?.id : parentId;
  if (!target) return { roots: [...tree.roots, node], waiting };
  const attached = updateAnywhere({ roots: tree.roots, waiting }, target, (parent) => ({ ...parent, children: [...parent.children, node] }));
  if (attached) return attached;
  return { roots: tree.roots, waiting: { ...waiting, [target]: [...(waiting[target] ?? []), node] } };
}

export type TreeEnd = 'completed' | 'interrupted' | 'stopped';

function settle(node: ThoughtNode, end: TreeEnd): ThoughtNode {
  const children = node.children.map((child) => settle(child, end));
  const changedChildren = children.some((child, index) => child !== node.children[index]);
  if (!node.inProgress && !changedChildren) return node;
  if (!node.inProgress) return { ...node, children };
  return { ...node, children, inProgress: false, ...(end === 'interrupted' ? { interrupted: true } : end === 'stopped' ? { aborted: true } : {}) };
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
  const visit = (node: ThoughtNode) => {
    summary.steps += 1;
    if (node.authorType.toLowerCase() === 'tool') summary.tools += 1;
    const status = thoughtStatus(node);
    if (status === 'error') summary.errors += 1;
    if (status === 'running') summary.running += 1;
    node.children.forEach(visit);
  };
  tree.roots.forEach(visit);
  Object.values(tree.waiting).forEach((nodes) => nodes.forEach(visit));
  return summary;
}
