import { describe, expect, it } from 'vitest';
import { summarizeTree } from '@/domain/thoughts/thought-tree';
import { executionThoughtTree, type StoredExecutionThought } from './execution-thoughts';

const thought = (
  id: string,
  children: StoredExecutionThought[] = [],
  author_type = 'Agent',
): StoredExecutionThought => ({ id, author_name: `author ${id}`, author_type, content: `text ${id}`, children });

describe('executionThoughtTree', () => {
  it('keeps order, nesting, authors and text (content becomes the message)', () => {
    const tree = executionThoughtTree([
      thought('a', [thought('b', [thought('c', [], 'Tool')]), thought('d')]),
      thought('e'),
    ]);
    expect(tree.roots.map((root) => root.id)).toEqual(['a', 'e']);
    const a = tree.roots[0];
    expect(a?.children.map((child) => child.id)).toEqual(['b', 'd']);
    expect(a?.children[0]?.children[0]).toMatchObject({
      id: 'c',
      parentId: 'b',
      authorType: 'Tool',
      message: 'text c',
      inProgress: false,
    });
    expect(summarizeTree(tree)).toMatchObject({ steps: 5, tools: 1, running: 0 });
  });

  it('builds a chain thousands deep without recursion', () => {
    let chain = thought('leaf');
    for (let depth = 0; depth < 20_000; depth++) chain = thought(`n${depth}`, [chain]);
    expect(summarizeTree(executionThoughtTree([chain])).steps).toBe(20_001);
  });
});
