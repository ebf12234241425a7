import { describe, expect, it } from 'vitest';
import {
  applyThought,
  emptyThoughtTree,
  endThoughtTree,
  summarizeTree,
  thoughtStatus,
  type ThoughtTree,
} from './thought-tree';
import { wireThought } from '@/test/wire-thought';
import type { WireThought } from '@/domain/wire';

const thought = wireThought;

const fold = (thoughts: WireThought[], tree: ThoughtTree = emptyThoughtTree) => thoughts.reduce(applyThought, tree);
const shape = (tree: ThoughtTree): unknown =>
  tree.roots.map(function outline(node): unknown {
    return { id: node.id, message: node.message, children: node.children.map(outline) };
  });

describe('applyThought', () => {
  it('appends new top-level thoughts and nests by parent id', () => {
    const tree = fold([thought('a'), thought('b', { parent_id: 'a' }), thought('c', { parent_id: 'b' })]);
    expect(shape(tree)).toEqual([
      {
        id: 'a',
        message: '',
        children: [{ id: 'b', message: '', children: [{ id: 'c', message: '', children: [] }] }],
      },
    ]);
  });

  it('merges an update found anywhere: message appends, metadata merges, flags are replaced', () => {
    const tree = fold([
      thought('a'),
      thought('t', {
        parent_id: 'a',
        author_type: 'Tool',
        message: 'Sear',
        metadata: { tool_name: 'web_search', status: 'running' },
      }),
      thought('t', {
        author_type: 'Tool',
        message: 'ching',
        in_progress: false,
        error: true,
        metadata: { status: 'error' },
      }),
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
    const early = fold([
      thought('root'),
      thought('kid', { parent_id: 'p' }),
      thought('grandkid', { parent_id: 'kid' }),
    ]);
    expect(early.roots).toHaveLength(1);
    expect(Object.keys(early.waiting)).toEqual(['p']);
    const late = applyThought(early, thought('p', { parent_id: 'root' }));
    expect(shape(late)).toEqual([
      {
        id: 'root',
        message: '',
        children: [
          {
            id: 'p',
            message: '',
            children: [{ id: 'kid', message: '', children: [{ id: 'grandkid', message: '', children: [] }] }],
          },
        ],
      },
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

  it('settles a chain 50,000 levels deep without overflowing the stack, and leaves settled branches as they were', () => {
    const done = fold([thought('done', { in_progress: false })]).roots[0];
    let deepest = fold([thought('n50000', { in_progress: true })]).roots[0];
    for (let level = 49_999; level >= 1 && deepest; level -= 1) {
      const node = fold([thought(`n${level}`, { in_progress: level % 2 === 0 })]).roots[0];
      if (node) deepest = { ...node, children: [deepest] };
    }
    const tree: ThoughtTree = { roots: [deepest!, done!], waiting: {} };
    expect(summarizeTree(tree).running).toBe(25_000);
    const ended = endThoughtTree(tree, 'stopped');
    expect(summarizeTree(ended)).toMatchObject({ steps: 50_001, running: 0 });
    expect(ended.roots[1]).toBe(done);
    let node = ended.roots[0];
    const statuses = new Set<string>();
    while (node) {
      statuses.add(`${Number(node.id.slice(1)) % 2 === 0 ? 'was running' : 'was done'} ${thoughtStatus(node)}`);
      node = node.children[0];
    }
    expect([...statuses].sort()).toEqual(['was done completed', 'was running aborted']);
  });

  it('folds ids and parent ids that name what every object inherits (constructor, __proto__, …) like any other', () => {
    // A child before its parent, a grandchild, the parent, another child, an update: with a plain id as the reference.
    const stream = (name: string) => [
      thought('a', { parent_id: name }),
      thought('b', { parent_id: 'a' }),
      thought(name, { message: 'parent' }),
      thought('c', { parent_id: name }),
      thought(name, { message: ' again', in_progress: false }),
      thought('d', { parent_id: 'missing' }),
    ];
    const expected = JSON.stringify(shape(endThoughtTree(fold(stream('p')), 'completed')));
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      const tree = fold(stream(name));
      expect(summarizeTree(tree).steps, name).toBe(5);
      const ended = endThoughtTree(tree, 'completed');
      expect(JSON.stringify(shape(ended)), name).toBe(expected.replaceAll('"p"', JSON.stringify(name)));
      // Held under a parent that never came, as children of `p` would be.
      const orphan = fold([thought('x', { parent_id: name })]);
      expect(
        endThoughtTree(orphan, 'completed').roots.map((node) => [node.id, node.orphaned]),
        name,
      ).toEqual([['x', true]]);
    }
    expect(Object.prototype).not.toHaveProperty('message');
    expect(({} as Record<string, unknown>)['children']).toBeUndefined();
  });

  it('keeps untouched siblings as the same objects (cheap re-renders)', () => {
    const before = fold([thought('a'), thought('b'), thought('b1', { parent_id: 'b' })]);
    const after = applyThought(before, thought('b1', { message: 'more' }));
    expect(after.roots[0]).toBe(before.roots[0]);
    expect(after.roots[1]).not.toBe(before.roots[1]);
  });

  it('counts steps, tools, errors and running nodes', () => {
    const tree = fold([
      thought('a'),
      thought('t', { parent_id: 'a', author_type: 'Tool', in_progress: false, error: true }),
    ]);
    expect(summarizeTree(tree)).toEqual({ steps: 2, tools: 1, errors: 1, running: 1 });
  });
});
