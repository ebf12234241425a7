import { describe, expect, it } from 'vitest';
import { thoughtNodeSchema, thoughtTreeOutlineSchema, thoughtTreeSchema } from './thought-node';

const node = (id: string, children: unknown[] = []) => ({
  id,
  parentId: null,
  authorType: 'Tool',
  authorName: 'search',
  outputFormat: 'text',
  inputText: 'query',
  message: `found ${id}`,
  metadata: { tool: 'search' },
  inProgress: false,
  error: false,
  interrupted: false,
  aborted: false,
  children,
});

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : null;
};

describe('the thought schema', () => {
  it('reads a node with its children, down to every level', () => {
    const parsed = thoughtNodeSchema.parse(node('a', [node('b', [node('c')])]));
    expect(parsed.children[0]?.children[0]?.message).toBe('found c');
  });

  it('says where a node deep in the tree is wrong', () => {
    const bad = node('a', [node('b', [{ ...node('c'), inProgress: 'yes' }])]);
    expect(firstIssue(thoughtNodeSchema.safeParse(bad))).toBe(
      'children.0.children.0.inProgress: Invalid input: expected boolean, received string',
    );
  });

  it('reads a tree with nodes waiting for their parent', () => {
    const tree = { roots: [node('a')], waiting: { later: [node('b')] } };
    expect(thoughtTreeSchema.parse(tree).waiting.later?.[0]?.id).toBe('b');
    expect(firstIssue(thoughtTreeSchema.safeParse({ roots: [node('a')] }))).toMatch(/^waiting: /);
  });

  it('checks the outline of a tree at its top level only', () => {
    const deepDamage = { roots: [node('a', [{ id: 'b' }])], waiting: {} };
    expect(thoughtTreeOutlineSchema.safeParse(deepDamage).success).toBe(true);
    expect(firstIssue(thoughtTreeOutlineSchema.safeParse({ roots: [{ id: 'a' }], waiting: {} }))).toBe(
      'roots.0: is not a thought',
    );
  });
});
