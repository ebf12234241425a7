import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyThought, emptyThoughtTree, endThoughtTree, summarizeTree, thoughtStatus, type ThoughtTree } from './thought-tree';
import { cutAt } from '@/test/cut-at';
import { wireThought } from '@/test/wire-thought';
import type { WireThought } from './wire';

const thought = wireThought;

const fold = (thoughts: WireThought[], tree: ThoughtTree = emptyThoughtTree) => thoughts.reduce(applyThought, tree);
const shape = (tree: ThoughtTree): unknown =>
  tree.roots.map(function outline(node): unknown {
    return { id: node.id, message: node.message, children: node.children.map(outline) };
  });

describe('applyThought', () => {
  it('appends new top-level thoughts and nests by parent id', () => {
    const tree = fold([thought('a'), thought('b', { parent_id: 'a' }), thought('c', { parent_id: 'b' })]);
    expect(shape(tree)).toEqual([{ id: 'a', message: '', children: [{ id: 'b', message: '', children: [{ id: 'c', message: '', children: [] }] }] }]);
  });

  it('merges an update found anywhere: message appends, metadata merges, flags are replaced', () => {
    const tree = fold([
      thought('a'),
      thought('t', { parent_id: 'a', author_type: 'Tool', message: 'Sear', metadata: { tool_name: 'web_search', status: 'running' } }),
      thought('t', { author_type: 'Tool', message: 'ching', in_progress: false, error: true, metadata: { status: 'error' } }),
    ]);
    const tool = tree.roots[0]?.children[0];
    expect(tool?.message).toBe('Searching');
    expect(tool?.metadata).toEqual({ tool_name: 'web_search', status: 'error' });
    expect(tool && thoughtStatus(tool)).toBe('error');
    expect(tool?.authorType).toBe('Tool');
  });

  it('puts parent_id "latest" under the last top-level thought', () => {
    const tree = fold([thought('a'), thought('b'), thought('x', { parent_id: 'latest' })]);
    expect(tree.roots.map((node) => node.children.map((child) => child.id))).toEqual([[], ['x']]);
  });

  it('holds a child that comes before its parent and attaches it when the parent comes', () => {
    const early = fold([thought('root'), thought('kid', { parent_id: 'p' }), thought('grandkid', { parent_id: 'kid' })]);
    expect(early.roots).toHaveLength(1);
    expect(Object.keys(early.waiting)).toEqual(['p']);
    const late = applyThought(early, thought('p', { parent_id: 'root' }));
    expect(shape(late)).toEqual([
      { id: 'root', message: '', children: [{ id: 'p', message: '', children: [{ id: 'kid', message: '', children: [{ id: 'grandkid', message: '', children: [] }] }] }] },
    ]);
    expect(late.waiting).toEqual({});
  });

  it('shows children whose parent never came at the top level, marked orphaned, when the stream ends', () => {
    const ended = endThoughtTree(fold([thought('a'), thought('kid', { parent_id: 'ghost' })]), 'interrupted');
    expect(ended.roots.map((node) => [node.id, node.orphaned ?? false, thoughtStatus(node)])).toEqual([
      ['a', false, 'interrupted'],
      ['kid', true, 'interrupted'],
    ]);
  });

  it('settles running nodes as aborted after Stop and as completed after a normal end', () => {
    const tree = fold([thought('a', { in_progress: true })]);
    expect(endThoughtTree(tree, 'stopped').roots.map(thoughtStatus)).toEqual(['aborted']);
    expect(endThoughtTree(tree, 'completed').roots.map(thoughtStatus)).toEqual(['completed']);
  });

  it('keeps untouched siblings as the same objects (cheap re-renders)', () => {
    const before = fold([thought('a'), thought('b'), thought('b1', { parent_id: 'b' })]);
    const after = applyThought(before, thought('b1', { message: 'more' }));
    expect(after.roots[0]).toBe(before.roots[0]);
    expect(after.roots[1]).not.toBe(before.roots[1]);
  });

  it('counts steps, tools, errors and running nodes', () => {
    const tree = fold([thought('a'), thought('t', { parent_id: 'a', author_type: 'Tool', in_progress: false, error: true })]);
    expect(summarizeTree(tree)).toEqual({ steps: 2, tools: 1, errors: 1, running: 1 });
  });
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
      thought(`t${id}`, { parent_id: parent === null || parent === id ? null : parent === 'latest' ? 'latest' : `t${parent}`, message, in_progress: !done }),
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
        const split = fold([thought('a'), thought('t', { parent_id: 'a', message: pieces[0] ?? '' }), ...pieces.slice(1).map((piece) => thought('t', { message: piece }))]);
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
          (node.children as typeof node[]).forEach(visit);
        };
        tree.roots.forEach(visit);
        expect(seen.sort()).toEqual([...new Set(stream.map((update) => update.id))].sort());
      }),
    );
  });
});
