// Speed targets for big thought trees: folding a chunk costs the same at 10 and 10,000 nodes; mounting and
// "Expand all" stay bounded by what is on screen, not by the size of the tree.
import { act, cleanup, render, screen } from '@testing-library/react';
import { bench, describe } from 'vitest';
import { ThoughtsPanel } from '@/features/thoughts';
import { applyThought, emptyThoughtTree, type ThoughtTree } from '@/domain/thoughts/thought-tree';
import type { WireThought } from '@/domain/wire';
import { wireThought } from '@/test/wire-thought';

const thought = (id: string, parent: string | null, message: string, running: boolean) =>
  wireThought(id, {
    parent_id: parent,
    message,
    in_progress: running,
    input_text: '{"q":"x"}',
    metadata: { tool_name: 'search' },
    author_type: parent ? 'Tool' : 'Agent',
  });

/** `agents` agents with `tools` tools each (the tools finished unless `running`). */
function treeUpdates(agents: number, tools: number, running = false): WireThought[] {
  const updates: WireThought[] = [];
  for (let agent = 0; agent < agents; agent += 1) {
    updates.push(thought(`agent-${agent}`, null, 'planning', running));
    for (let tool = 0; tool < tools; tool += 1)
      updates.push(thought(`tool-${agent}-${tool}`, `agent-${agent}`, 'start ', running));
  }
  return updates;
}

// 10 agents × 99 tools = 1,000 nodes, each tool updated 5 times (5,000 more chunks).
function stream(): WireThought[] {
  const updates = treeUpdates(10, 99, true);
  for (let round = 0; round < 5; round += 1) {
    for (let agent = 0; agent < 10; agent += 1) {
      for (let tool = 0; tool < 99; tool += 1)
        updates.push(thought(`tool-${agent}-${tool}`, null, `chunk ${round} `, round < 4));
    }
  }
  return updates;
}

const updates = stream();
const finished: ThoughtTree = updates.reduce(applyThought, emptyThoughtTree);
const ten = treeUpdates(1, 9).reduce(applyThought, emptyThoughtTree);
const tenThousand = treeUpdates(100, 99).reduce(applyThought, emptyThoughtTree);

describe('thought tree: one chunk into a tree of', () => {
  // Each run folds 100 chunks into the same tree, for a node in the middle of it.
  bench('10 nodes', () => {
    for (let index = 0; index < 100; index += 1) applyThought(ten, thought('tool-0-5', null, 'more ', true));
  });
  bench('10,000 nodes', () => {
    for (let index = 0; index < 100; index += 1) applyThought(tenThousand, thought('tool-50-50', null, 'more ', true));
  });
});

describe('thought tree', () => {
  bench('fold 5,990 streamed updates into a 1,000-node tree', () => {
    updates.reduce(applyThought, emptyThoughtTree);
  });

  bench('mount a finished 1,000-node tree (collapsed)', () => {
    render(<ThoughtsPanel tree={finished} scope="bench" turnId="bench-closed" live={false} seconds={1} />);
    cleanup();
  });

  bench('mount the tree opened (top level shown, children lazy)', () => {
    render(<ThoughtsPanel tree={finished} scope="bench" turnId="bench-open" live seconds={1} />);
    cleanup();
  });

  let run = 0;
  bench('open a 10,000-node tree and expand all', () => {
    run += 1;
    render(<ThoughtsPanel tree={tenThousand} scope="bench" turnId={`bench-all-${run}`} live seconds={1} />);
    act(() => screen.getByRole('button', { name: 'Expand all' }).click());
    cleanup();
  });
});
