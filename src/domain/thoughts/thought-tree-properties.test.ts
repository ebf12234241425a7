// applyThought as properties over random streams of updates, and against a plain reference implementation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyThought,
  emptyThoughtTree,
  endThoughtTree,
  summarizeTree,
  thoughtStatus,
  type ThoughtTree,
} from './thought-tree';
import { cutAt } from '@/test/cut-at';
import { wireThought } from '@/test/wire-thought';
import type { WireThought } from '@/domain/wire';

const thought = wireThought;

const fold = (thoughts: WireThought[], tree: ThoughtTree = emptyThoughtTree) => thoughts.reduce(applyThought, tree);
const shape = (tree: ThoughtTree): unknown =>
  tree.roots.map(function outline(node): unknown {
    return { id: node.id, message: node.message, children: node.children.map(outline) };
  });

// Random streams of thought updates: new ids with parents among earlier (or later) ids, and message updates.
const updates = fc
  .array(
    fc.record({
      id: fc.integer({ min: 0, max: 12 }),
      parent: fc.option(fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant('latest' as const)), { nil: null }),
      message: fc.string({ maxLength: 8 }),
      done: fc.boolean(),
    }),
    { maxLength: 40 },
  )
  .map((items) =>
    items.map(({ id, parent, message, done }) =>
      thought(`t${id}`, {
        parent_id: parent === null || parent === id ? null : parent === 'latest' ? 'latest' : `t${parent}`,
        message,
        in_progress: !done,
      }),
    ),
  );

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
};

describe('applyThought properties', () => {
  it('never mutates the tree it is given', () => {
    fc.assert(
      fc.property(updates, (stream) => {
        let tree: ThoughtTree = deepFreeze(emptyThoughtTree);
        for (const update of stream) tree = deepFreeze(applyThought(tree, deepFreeze(update)));
      }),
    );
  });

  it('does not care how a message is split across updates', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(fc.nat(), { maxLength: 6 }), (message, cuts) => {
        const pieces = cutAt(message, cuts);
        const whole = fold([thought('a'), thought('t', { parent_id: 'a', message })]);
        const split = fold([
          thought('a'),
          thought('t', { parent_id: 'a', message: pieces[0] ?? '' }),
          ...pieces.slice(1).map((piece) => thought('t', { message: piece })),
        ]);
        expect(shape(split)).toEqual(shape(whole));
      }),
    );
  });

  it('keeps every id exactly once, attached or waiting', () => {
    fc.assert(
      fc.property(updates, (stream) => {
        const tree = endThoughtTree(fold(stream), 'completed');
        const seen: string[] = [];
        const visit = (node: { id: string; children: readonly { id: string; children: readonly unknown[] }[] }) => {
          seen.push(node.id);
          (node.children as (typeof node)[]).forEach(visit);
        };
        tree.roots.forEach(visit);
        expect(seen.sort()).toEqual([...new Set(stream.map((update) => update.id))].sort());
      }),
    );
  });
});

// The search-based reducer the index replaced, as the reference the indexed one must agree with.
function referenceApply(tree: ThoughtTree, update: WireThought): ThoughtTree {
  type Node = ThoughtTree['roots'][number];
  const updateIn = (nodes: readonly Node[], id: string, change: (node: Node) => Node): Node[] | null => {
    for (let index = 0; index < nodes.length; index += 1) {
      const node = nodes[index] as Node;
      const next =
        node.id === id
          ? change(node)
          : ((children) => (children ? { ...node, children } : null))(updateIn(node.children, id, change));
      if (next) return nodes.map((item, at) => (at === index ? next : item));
    }
    return null;
  };
  const anywhere = (state: ThoughtTree, id: string, change: (node: Node) => Node): ThoughtTree | null => {
    const roots = updateIn(state.roots, id, change);
    if (roots) return { ...state, roots };
    for (const [key, nodes] of Object.entries(state.waiting)) {
      const updated = updateIn(nodes, id, change);
      if (updated) return { ...state, waiting: { ...state.waiting, [key]: updated } };
    }
    return null;
  };
  const fresh = (item: WireThought): Node => ({
    ...(applyThought(emptyThoughtTree, { ...item, parent_id: null, children: [] }).roots[0] as Node),
    parentId: item.parent_id,
    children: item.children.map(fresh),
  });
  const merged = anywhere(tree, update.id, (node) => {
    const once = applyThought({ roots: [{ ...node, children: [] }], waiting: {} }, { ...update, children: [] })
      .roots[0] as Node;
    return { ...once, children: [...node.children, ...update.children.map(fresh)] };
  });
  if (merged) return merged;
  const waiting: Record<string, readonly Node[]> = { ...tree.waiting };
  const adopt = (node: Node): Node => {
    const children = node.children.map(adopt);
    const early = waiting[node.id];
    if (!early) return { ...node, children };
    delete waiting[node.id];
    return { ...node, children: [...children, ...early.map(adopt)] };
  };
  const node = adopt(fresh(update));
  const target = update.parent_id === 'latest' ? tree.roots[tree.roots.length - 1]?.id : update.parent_id;
  if (!target) return { roots: [...tree.roots, node], waiting };
  const attached = anywhere({ roots: tree.roots, waiting }, target, (parent) => ({
    ...parent,
    children: [...parent.children, node],
  }));
  return attached ?? { roots: tree.roots, waiting: { ...waiting, [target]: [...(waiting[target] ?? []), node] } };
}

const full = (tree: ThoughtTree): unknown => {
  const outline = (node: ThoughtTree['roots'][number]): unknown => ({
    id: node.id,
    message: node.message,
    running: node.inProgress,
    children: node.children.map(outline),
  });
  return {
    roots: tree.roots.map(outline),
    waiting: Object.fromEntries(Object.entries(tree.waiting).map(([key, nodes]) => [key, nodes.map(outline)])),
  };
};

// Updates that also carry nested children and reuse ids as parents in any order (children before parents, cycles).
const richUpdates = fc.array(
  fc.record({
    id: fc.integer({ min: 0, max: 15 }),
    parent: fc.option(fc.oneof(fc.integer({ min: 0, max: 15 }), fc.constant('latest' as const)), { nil: null }),
    nested: fc.array(fc.integer({ min: 16, max: 30 }), { maxLength: 2 }),
    message: fc.string({ maxLength: 3 }),
  }),
  { maxLength: 60 },
);

describe('applyThought through its index', () => {
  it('gives the same tree as a search of the whole tree would, for any stream', () => {
    fc.assert(
      fc.property(richUpdates, (items) => {
        let indexed: ThoughtTree = emptyThoughtTree;
        let searched: ThoughtTree = emptyThoughtTree;
        for (const { id, parent, nested, message } of items) {
          const update = thought(`t${id}`, {
            parent_id: parent === null ? null : parent === 'latest' ? 'latest' : `t${parent}`,
            message,
            children: nested.map((kid) => thought(`t${kid}`, { message: 'nested' })),
          });
          indexed = applyThought(indexed, update);
          searched = referenceApply(searched, update);
          expect(full(indexed)).toEqual(full(searched));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('folds an update for a node deep in a 10,000-node tree, touching only the way down to it', () => {
    // 100 agents with 99 tools each, except the last, which holds a chain 99 levels deep: 10,000 nodes.
    const updates: WireThought[] = [];
    for (let agent = 0; agent < 100; agent += 1) {
      updates.push(thought(`agent-${agent}`));
      if (agent < 99)
        for (let tool = 0; tool < 99; tool += 1)
          updates.push(thought(`tool-${agent}-${tool}`, { parent_id: `agent-${agent}` }));
    }
    for (let depth = 1; depth <= 99; depth += 1)
      updates.push(thought(`deep-${depth}`, { parent_id: depth === 1 ? 'agent-99' : `deep-${depth - 1}` }));
    const big = fold(updates);
    expect(summarizeTree(big).steps).toBe(10_000);
    const lastLeaf = (tree: ThoughtTree) => {
      const path: ThoughtTree['roots'][number][] = [];
      for (let node = tree.roots[tree.roots.length - 1]; node; node = node.children[node.children.length - 1])
        path.push(node);
      return path;
    };

    const after = applyThought(big, thought('deep-99', { message: 'found', in_progress: false }));
    const path = lastLeaf(after);
    expect(path.map((node) => node.id)).toEqual([
      'agent-99',
      ...Array.from({ length: 99 }, (_, index) => `deep-${index + 1}`),
    ]);
    expect([path[99]?.message, path[99] && thoughtStatus(path[99])]).toEqual(['found', 'completed']);
    expect(summarizeTree(after).steps).toBe(10_000);
    // Everything off the way down is shared with the tree before.
    expect(after.roots.slice(0, 99).every((root, index) => root === big.roots[index])).toBe(true);
    // A new child of the deep node lands below it, and a later update to that child finds it.
    const grown = [thought('deeper', { parent_id: 'deep-99' }), thought('deeper', { message: 'there' })].reduce(
      applyThought,
      after,
    );
    expect(
      lastLeaf(grown)
        .map((node) => [node.id, node.message])
        .slice(-2),
    ).toEqual([
      ['deep-99', 'found'],
      ['deeper', 'there'],
    ]);
  });

  it('keeps working on a tree read back from storage (a copy with no index yet)', () => {
    const stored = JSON.parse(
      JSON.stringify(fold([thought('a'), thought('b', { parent_id: 'a' }), thought('kid', { parent_id: 'p' })])),
    ) as ThoughtTree;
    const next = [thought('b', { message: 'more' }), thought('p', { parent_id: 'b' })].reduce(applyThought, stored);
    expect(shape(next)).toEqual([
      {
        id: 'a',
        message: '',
        children: [
          {
            id: 'b',
            message: 'more',
            children: [{ id: 'p', message: '', children: [{ id: 'kid', message: '', children: [] }] }],
          },
        ],
      },
    ]);
    expect(next.waiting).toEqual({});
  });
});
