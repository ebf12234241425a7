import { useEffect, useId, useRef, useState } from 'react';
import { allThoughtIds } from '@/domain/thought-details';
import { summarizeTree, type ThoughtTree, type TreeSummary } from '@/domain/thought-tree';
import { ThoughtNodeView, ThoughtScope } from './thought-node';
import { useThoughtViewStore } from './thought-view-store';
import { ensureTabStop, onTreeFocus, onTreeKeyDown } from './tree-keyboard';

interface ThoughtsPanelProps {
  tree: ThoughtTree;
  /** The conversation this answer belongs to ("hide tool outputs" is per conversation). */
  scope: string;
  live: boolean;
  seconds: number | undefined;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Thinking · 7 steps · 2 tools · 3.4 s" under an answer, opening into the tree in place. */
export function ThoughtsPanel(props: ThoughtsPanelProps) {
  const summary = summarizeTree(props.tree);
  return summary.steps === 0 ? null : <ThoughtsPanelBody {...props} summary={summary} />;
}

// Mounted with the first thought: a tree that starts while the answer streams opens to be watched; one that
// arrives whole (JSON answers, saved turns) starts closed.
function ThoughtsPanelBody({ tree, scope, live, seconds, summary }: ThoughtsPanelProps & { summary: TreeSummary }) {
  const [open, setOpen] = useState(live);
  const treeId = useId();
  const hidden = useThoughtViewStore((state) => state.toolOutputsHidden[scope] === true);
  const expanded = useThoughtViewStore((state) => state.expanded);
  const treeRef = useRef<HTMLUListElement>(null);
  useEffect(() => ensureTabStop(treeRef.current), [tree, open, expanded]);
  const parts = [live ? 'Thinking' : 'Thoughts', plural(summary.steps, 'step'), plural(summary.tools, 'tool')];
  if (summary.errors) parts.push(plural(summary.errors, 'error'));
  if (seconds !== undefined) parts.push(`${seconds.toFixed(1)} s`);
  const roots = [...tree.roots, ...Object.values(tree.waiting).flat()];
  const setAll = (value: boolean) => useThoughtViewStore.getState().allSet(allThoughtIds(roots), value);
  return (
    <section className="thoughts" aria-label="Thoughts">
      <button type="button" className="thoughts-summary" aria-expanded={open} aria-controls={treeId} onClick={() => setOpen(!open)}>
        {live ? <span className="live-dot" aria-hidden="true" /> : null}
        {parts.join(' · ')}
      </button>
      {open ? (
        <div id={treeId} className="thoughts-body">
          <div className="thoughts-toolbar row">
            <button type="button" className="button button-small" onClick={() => setAll(true)}>
              Expand all
            </button>
            <button type="button" className="button button-small" onClick={() => setAll(false)}>
              Collapse all
            </button>
            <label className="toggle small">
              <input type="checkbox" checked={hidden} onChange={(event) => useThoughtViewStore.getState().toolOutputsToggled(scope, event.target.checked)} />
              Hide tool outputs
            </label>
          </div>
          <ThoughtScope.Provider value={scope}>
            <ul ref={treeRef} className="thought-tree" aria-label="Thought tree" onKeyDown={onTreeKeyDown} onFocus={onTreeFocus}>
              {roots.map((node) => (
                <ThoughtNodeView key={node.id} node={node} level={1} />
              ))}
            </ul>
          </ThoughtScope.Provider>
        </div>
      ) : null}
    </section>
  );
}
