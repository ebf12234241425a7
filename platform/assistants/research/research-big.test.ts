import { describe, expect, it } from 'vitest';
import { ThoughtTree } from '../../thought-tree';
import { bigResearchRun, hugeOutputChars, thoughtsAskedFor } from './research-big';

const thoughtsOf = (question: string) => {
  const run = bigResearchRun({ question, model: 'gpt-4.1' });
  const tree = new ThoughtTree();
  for (const step of run?.steps ?? []) if (step.kind === 'chunk' && step.chunk.thought) tree.apply(step.chunk.thought);
  return tree.result();
};
const count = (nodes: readonly { children: readonly unknown[] }[]): number =>
  nodes.reduce((sum, node) => sum + 1 + count(node.children as typeof nodes), 0);

describe('the Research Agent asked for a big tree', () => {
  it('reads how many thoughts the question asks for', () => {
    expect(thoughtsAskedFor('Show 10,000 thoughts')).toBe(10_000);
    expect(thoughtsAskedFor('think a thousand thoughts')).toBe(1000);
    expect(thoughtsAskedFor('Show 999999 thoughts')).toBe(20_000);
    expect(thoughtsAskedFor('How do solar panels work?')).toBeNull();
    expect(bigResearchRun({ question: 'How do solar panels work?', model: 'gpt-4.1' })).toBeNull();
  });

  it('streams exactly that many thoughts, agents with up to 99 tools each', () => {
    const roots = thoughtsOf('Show 1234 thoughts');
    expect(count(roots)).toBe(1234);
    expect(roots).toHaveLength(13);
    expect(roots[0]?.children).toHaveLength(99);
  });

  it('sends one tool output of 5 MB for a huge output', () => {
    const [reader] = thoughtsOf('Read the huge output');
    expect(reader?.children[0]?.message).toHaveLength(hugeOutputChars);
  });
});
