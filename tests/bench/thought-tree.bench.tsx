// Speed targets for big thought trees: folding a long stream of updates, and mounting 1,000 nodes collapsed.
import { render, cleanup } from '@testing-library/react';
import { bench, describe } from 'vitest';
import { ThoughtsPanel } from '@/features/thoughts';
import { applyThought, emptyThoughtTree, type ThoughtTree } from '@/domain/thought-tree';
import type { WireThought } from '@/domain/wire';
import { wireThought } from '@/test/wire-thought';

const thought = (id: string, parent: string | null, message: string, running: boolean) =>
  wireThought(id, { parent_id: parent, message, in_progress: running, input_text: '{"q":"x"}', metadata: { tool_name: 'search' }, author_type: parent ? 'Tool' : 'Agent' });

// 10 agents × 99 tools = 1,000 nodes, each tool updated 5 times (5,000 more chunks).
function stream(): WireThought[] {
  const updates: WireThought[] = [];
  for (let agent = 0; agent < 10; agent += 1) {
    updates.push(thought(`agent-${agent}`, null, 'planning', true));
    for (let tool = 0; tool < 99; tool += 1) updates.push(thought(`tool-${agent}-${tool}`, `agent-${agent}`, 'start ', true));
  }
  for (let round = 0; round < 5; round += 1) {
    for (let agent = 0; agent < 10; agent += 1) {
      for (let tool = 0; tool < 99; tool += 1) updates.push(thought(`tool-${agent}-${tool}`, null, `chunk ${round} `, round < 4));
    }
  }
  return updates;
}

const updates = stream();
const finished: ThoughtTree = updates.reduce(applyThought, emptyThoughtTree);

describe('thought tree', () => {
  bench('fold 5,990 streamed updates into a 1,000-node tree', () => {
    updates.reduce(applyThought, emptyThoughtTree);
  });

  bench('mount a finished 1,000-node tree (collapsed)', () => {
    render(<ThoughtsPanel tree={finished} scope="bench" live={false} seconds={1} />);
    cleanup();
  });

  bench('mount the tree opened (top level shown, children lazy)', () => {
    render(<ThoughtsPanel tree={finished} scope="bench" live seconds={1} />);
    cleanup();
  });
});
