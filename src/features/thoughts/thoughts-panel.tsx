import { useEffect, useId, useMemo } from 'react';
import { summarizeTree, type ThoughtTree as Tree, type TreeSummary } from '@/domain/thoughts/thought-tree';
import { ThoughtTree } from './thought-tree-view';
import { useThoughtViewApi, useToolOutputsHidden, useTreeView } from './thought-view-store';
import './thoughts.css';
import '@/ui/live-dot.css';

interface ThoughtsPanelProps {
  tree: Tree;
  /** The conversation this answer belongs to ("hide tool outputs" is per conversation). */
  scope: string;
  /** The turn (or streamed run) the tree belongs to: what is open in it is kept per turn, across unmounts. */
  turnId: string;
  live: boolean;
  seconds: number | undefined;
  /** Open at first even though not live (a tree fetched because the reader asked for it). */
  startOpen?: boolean;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Thinking · 7 steps · 2 tools · 3.4 s" under an answer, opening into the tree in place. */
export function ThoughtsPanel(props: ThoughtsPanelProps) {
  const summary = useMemo(() => summarizeTree(props.tree), [props.tree]);
  return summary.steps === 0 ? null : <ThoughtsPanelBody {...props} summary={summary} />;
}

// Mounted with the first thought: a tree that starts while the answer streams opens to be watched; one that
// arrives whole (JSON answers, saved turns) starts closed. The choice is kept with the turn.
function ThoughtsPanelBody({
  tree,
  scope,
  turnId,
  live,
  seconds,
  summary,
  startOpen = false,
}: ThoughtsPanelProps & { summary: TreeSummary }) {
  const store = useThoughtViewApi();
  const view = useTreeView(turnId);
  const open = view.open ?? (live || startOpen);
  useEffect(() => {
    if (live && store.getState().views[turnId]?.open === undefined) store.getState().panelToggled(turnId, true);
  }, [store, live, turnId]);
  const treeId = useId();
  const hidden = useToolOutputsHidden(scope);
  const roots = useMemo(() => [...tree.roots, ...Object.values(tree.waiting).flat()], [tree]);
  const parts = [live ? 'Thinking' : 'Thoughts', plural(summary.steps, 'step'), plural(summary.tools, 'tool')];
  if (summary.errors) parts.push(plural(summary.errors, 'error'));
  if (seconds !== undefined) parts.push(`${seconds.toFixed(1)} s`);
  const { panelToggled, allSet, toolOutputsToggled } = store.getState();
  return (
    <section className="thoughts" aria-label="Thoughts">
      <button
        type="button"
        className="thoughts-summary"
        aria-expanded={open}
        aria-controls={treeId}
        onClick={() => panelToggled(turnId, !open)}
      >
        {live ? <span className="live-dot" aria-hidden="true" /> : null}
        {parts.join(' · ')}
      </button>
      {open ? (
        <div id={treeId} className="thoughts-body">
          <div className="thoughts-toolbar row">
            <button type="button" className="button button-small" onClick={() => allSet(turnId, true)}>
              Expand all
            </button>
            <button type="button" className="button button-small" onClick={() => allSet(turnId, false)}>
              Collapse all
            </button>
            <label className="toggle small">
              <input
                type="checkbox"
                checked={hidden}
                onChange={(event) => toolOutputsToggled(scope, event.target.checked)}
              />
              Hide tool outputs
            </label>
          </div>
          <ThoughtTree roots={roots} turnId={turnId} view={view} hideToolOutputs={hidden} />
        </div>
      ) : null}
    </section>
  );
}
