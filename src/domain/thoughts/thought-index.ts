import { emptyMap, mapGet, mapSet, type PersistentMap } from './persistent-map';
import { waitingFor, type ThoughtNode, type ThoughtTree } from './thought-node';

/** Where a thought sits: a slot among the top-level nodes, among the children waiting for a parent, or of a node. */
export type Place =
  | { readonly in: 'roots'; readonly slot: number }
  | { readonly in: 'waiting'; readonly key: string; readonly slot: number }
  | { readonly in: 'node'; readonly parent: string; readonly slot: number };

/** Every thought's place by id: an update finds its node by walking up parent places, not by searching the tree. */
export type ThoughtIndex = PersistentMap<Place>;

/** One step of the way down to a node: the node and its slot in the list that holds it. */
interface Step {
  readonly node: ThoughtNode;
  readonly slot: number;
}

/** A node found through the index: the list at the top and the way down to it (last step = the node). */
export interface Located {
  readonly top: Extract<Place, { in: 'roots' | 'waiting' }>;
  readonly path: readonly Step[];
}

/** The index disagrees with the tree: only a stream that repeats ids inside one tree gets here. */
export const inconsistent = Symbol('inconsistent');

/**
 * Records a new `node` at `place` and its descendants below it; a repeated id keeps its first place (as a search
 * finds it). Nodes in `known` are already indexed with all below them (children adopted from the waiting ones).
 */
export function indexSubtree(
  index: ThoughtIndex,
  node: ThoughtNode,
  place: Place,
  known?: ReadonlyMap<string, unknown>,
): ThoughtIndex {
  let next = index;
  const stack: [ThoughtNode, Place][] = [[node, place]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, at] = item;
    if (known?.has(current.id)) continue;
    if (mapGet(next, current.id) === undefined) next = mapSet(next, current.id, at);
    current.children.forEach((child, slot) => stack.push([child, { in: 'node', parent: current.id, slot }]));
  }
  return next;
}

/** The index of a whole tree, in search order (top-level nodes first, then the waiting ones). */
export function buildIndex(tree: ThoughtTree): ThoughtIndex {
  let index: ThoughtIndex = emptyMap;
  // Reverse order on a stack gives a depth-first walk in document order, so the first of a repeated id wins.
  const stack: [ThoughtNode, Place][] = [];
  for (const [key, nodes] of Object.entries(tree.waiting).reverse()) {
    for (let slot = nodes.length - 1; slot >= 0; slot -= 1)
      stack.push([nodes[slot] as ThoughtNode, { in: 'waiting', key, slot }]);
  }
  for (let slot = tree.roots.length - 1; slot >= 0; slot -= 1)
    stack.push([tree.roots[slot] as ThoughtNode, { in: 'roots', slot }]);
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, place] = item;
    if (mapGet(index, node.id) === undefined) index = mapSet(index, node.id, place);
    for (let slot = node.children.length - 1; slot >= 0; slot -= 1) {
      stack.push([node.children[slot] as ThoughtNode, { in: 'node', parent: node.id, slot }]);
    }
  }
  return index;
}

/**
 * The way down to the node with `id`: null when the index does not know it (or it hangs below `unplaced`, a node
 * not in the tree yet), `inconsistent` when the tree does not match the index.
 */
export function locate(
  tree: ThoughtTree,
  index: ThoughtIndex,
  id: string,
  unplaced?: string,
): Located | null | typeof inconsistent {
  if (id === unplaced) return null;
  let place = mapGet(index, id);
  if (!place) return null;
  const ids = [id];
  const slots = [place.slot];
  while (place.in === 'node') {
    if (place.parent === unplaced) return null;
    ids.push(place.parent);
    place = mapGet(index, place.parent);
    if (!place || ids.length > index.size + 1) return inconsistent;
    slots.push(place.slot);
  }
  const top = place;
  let node = (top.in === 'roots' ? tree.roots : waitingFor(tree.waiting, top.key))?.[top.slot];
  const path: Step[] = [];
  for (let depth = ids.length - 1; depth >= 0; depth -= 1) {
    if (!node || node.id !== ids[depth]) return inconsistent;
    path.push({ node, slot: slots[depth] as number });
    node = depth > 0 ? node.children[slots[depth - 1] as number] : undefined;
  }
  return { top, path };
}

/** The tree with the located node replaced by `next`: only the nodes on the way down are copied. */
export function replaceAt(tree: ThoughtTree, found: Located, next: ThoughtNode): ThoughtTree {
  let node = next;
  for (let depth = found.path.length - 2; depth >= 0; depth -= 1) {
    const parent = (found.path[depth] as Step).node;
    const children = parent.children.slice();
    children[(found.path[depth + 1] as Step).slot] = node;
    node = { ...parent, children };
  }
  const slot = (found.path[0] as Step).slot;
  if (found.top.in === 'roots') {
    const roots = tree.roots.slice();
    roots[slot] = node;
    return { ...tree, roots };
  }
  const list = (waitingFor(tree.waiting, found.top.key) ?? []).slice();
  list[slot] = node;
  return { ...tree, waiting: { ...tree.waiting, [found.top.key]: list } };
}
