import { useEffect, useId, useMemo } from 'react';
import { summarizeTree, type ThoughtTree as Tree, type TreeSummary } from '@/domain/thoughts/thought-tree';
import { ThoughtTree } from './thought-tree-view';
import { useThoughtViewApi, useToolOutputsHidden, useTreeView } from './thought-view-store';
import { noArrivals, type ArrivalTimes } from '@/domain/timeline/arrival-times';
import { hasThoughtTimes } from '@/domain/timeline/thought-items';
import { LayoutSwitch, useThoughtsLayout } from './timeline/layout-switch';
import { ThoughtTimeline } from './timeline/thought-timeline';
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
  /** When each thought arrived: the timeline's times where the server sent none. */
  times?: ArrivalTimes | undefined;
  /** Offer the tree as a timeline too (default): off where the page tells the time another way (a run's states). */
  timeline?: boolean;
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
  times = noArrivals,
  timeline = true,
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
  const { panelToggled } = store.getState();
  // A tree with no time anywhere (read back whole) has nothing to draw on an axis: it offers the tree alone.
  const timed = useMemo(() => timeline && hasThoughtTimes(tree, times), [timeline, tree, times]);
  const chosen = useThoughtsLayout();
  const layout = timed ? chosen : 'tree';
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
            {timed ? <LayoutSwitch /> : null}
            {layout === 'tree' ? <TreeTools turnId={turnId} scope={scope} /> : null}
          </div>
          {layout === 'timeline' ? (
            <ThoughtTimeline tree={tree} times={times} turnId={turnId} live={live} />
          ) : (
            <ThoughtTree roots={roots} turnId={turnId} view={view} hideToolOutputs={hidden} />
          )}
        </div>
      ) : null}
    </section>
  );
}

/** Expand all, Collapse all, Hide tool outputs: what only the tree has. */
function TreeTools({ turnId, scope }: { turnId: string; scope: string }) {
  const store = useThoughtViewApi();
  const hidden = useToolOutputsHidden(scope);
  const { allSet, toolOutputsToggled } = store.getState();
  return (
    <>
      <button type="button" className="button button-small" onClick={() => allSet(turnId, true)}>
        Expand all
      </button>
      <button type="button" className="button button-small" onClick={() => allSet(turnId, false)}>
        Collapse all
      </button>
      <label className="toggle small">
        <input type="checkbox" checked={hidden} onChange={(event) => toolOutputsToggled(scope, event.target.checked)} />
        Hide tool outputs
      </label>
    </>
  );
}
