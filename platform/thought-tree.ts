// The documented merge rule for streamed thoughts, used to build the `thoughts` of JSON answers and in tests.
// Match by id anywhere in the tree; append `message` and `children`; shallow-merge `metadata`; replace flags;
// `parent_id: "latest"` nests under the last top-level thought; a child may arrive before its parent.
import type { WireThought } from './wire';

const copy = (thought: WireThought): WireThought => ({
  ...thought,
  metadata: { ...thought.metadata },
  children: thought.children.map(copy),
});

export class ThoughtTree {
  readonly roots: WireThought[] = [];
  private readonly byId = new Map<string, WireThought>();
  /** Children whose parent has not arrived yet, by parent id. */
  private readonly waiting = new Map<string, WireThought[]>();

  apply(update: WireThought): void {
    const existing = this.byId.get(update.id);
    if (existing) this.merge(existing, update);
    else this.insert(copy(update));
  }

  /** The tree, with children still waiting for a parent that never came placed at top level. */
  result(): WireThought[] {
    const orphans = [...this.waiting.values()].flat();
    return [...this.roots, ...orphans].map(copy);
  }

  private merge(target: WireThought, update: WireThought): void {
    target.message += update.message;
    target.metadata = { ...target.metadata, ...update.metadata };
    target.in_progress = update.in_progress;
    for (const key of ['error', 'interrupted', 'aborted'] as const) {
      const value = update[key];
      if (value !== undefined) target[key] = value;
    }
    for (const key of ['output_format', 'author_type', 'author_name', 'input_text'] as const) {
      if (update[key] !== '') target[key] = update[key];
    }
    for (const child of update.children) this.apply({ ...child, parent_id: target.id });
  }

  private insert(node: WireThought): void {
    const children = node.children;
    node.children = [];
    this.byId.set(node.id, node);
    if (node.parent_id === 'latest') {
      const latest = this.roots.at(-1);
      node.parent_id = latest ? latest.id : null;
    }
    if (node.parent_id === null) this.roots.push(node);
    else {
      const parent = this.byId.get(node.parent_id);
      if (parent) parent.children.push(node);
      else this.waiting.set(node.parent_id, [...(this.waiting.get(node.parent_id) ?? []), node]);
    }
    const early = this.waiting.get(node.id);
    if (early) {
      this.waiting.delete(node.id);
      node.children.push(...early);
    }
    for (const child of children) this.apply({ ...child, parent_id: node.id });
  }
}

/** Replays thought updates into a finished tree. */
export function buildThoughtTree(updates: Iterable<WireThought>): WireThought[] {
  const tree = new ThoughtTree();
  for (const update of updates) tree.apply(update);
  return tree.result();
}
