import './compare.css';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDuration } from '@/domain/workflows/history/run-history';
import { compareRuns, kinshipOf, type FactDifference, type StatePair } from '@/domain/workflows/run/run-compare';
import type { Run } from '@/features/workflows/saved-runs/run';
import { RunStatus } from '@/features/workflows/run/run-status';
import { findRun, useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { useSavedRuns } from '@/features/workflows/saved-runs/use-saved-runs';
import { CompareSideCard, KinshipNote } from './compare-side-card';
import { DiffView } from './diff-view';
import { useCompareSide } from './use-compare-side';

const factNames: Record<FactDifference['field'], string> = {
  workflow: 'Workflow',
  input: 'Input',
  tags: 'Tags',
  session: 'Session',
  files: 'Files',
  headers: 'Headers sent',
  status: 'Status',
};

const duration = (ms: number | undefined) => (ms === undefined ? '—' : formatDuration(ms));
const delta = (ms: number | undefined) =>
  ms === undefined || ms === 0 ? '' : `${ms > 0 ? '+' : '−'}${duration(Math.abs(ms))}`;

/** Two runs side by side: `a` is the earlier reference, `b` the one compared with it. */
export function ComparePage({ a, b }: { a: string | undefined; b: string | undefined }) {
  const left = useRunsStore(findRun(a ?? ''));
  const right = useRunsStore(findRun(b ?? ''));
  const reading = useSavedRuns({ ids: [a, b].filter((id): id is string => Boolean(id)) });
  const loading = useRunsStore((state) => state.status === 'loading' || state.status === 'idle') || reading;
  if (!left || !right) {
    return (
      <section className="page">
        <h1>Compare runs</h1>
        {loading ? (
          <p className="muted">Loading…</p>
        ) : (
          <p role="alert">
            {!a || !b
              ? 'Pick two runs to compare: tick two in the runs history, or use “Compare with previous run” on a run page.'
              : 'One of these runs is not in this browser’s history.'}
          </p>
        )}
        <Link to="/workflows/runs">All runs</Link>
      </section>
    );
  }
  return <Comparison left={left} right={right} />;
}

function Comparison({ left, right }: { left: Run; right: Run }) {
  const a = useCompareSide(left);
  const b = useCompareSide(right);
  const comparison = compareRuns(a.side, b.side);
  const [showSame, setShowSame] = useState(false);
  const shown = comparison.states.filter((pair) => showSame || !pair.identical);
  const identical = comparison.states.length - comparison.differingStates;
  const kinship = kinshipOf(left, right);
  return (
    <section className="page compare-page" aria-labelledby="compare-title">
      <header className="page-header">
        <nav aria-label="Breadcrumb" className="small breadcrumb">
          <Link to="/workflows/runs">Runs</Link> / Compare
        </nav>
        <h1 id="compare-title">Compare runs</h1>
        <p className="muted">
          {comparison.sameWorkflow
            ? `${comparison.differingStates} of ${comparison.states.length} states differ${a.loading || b.loading ? ' (still reading outputs…)' : ''}.`
            : 'Runs of different workflows: their inputs and final outputs are compared.'}
        </p>
        <KinshipNote kinship={kinship} left={left} right={right} />
      </header>
      <div className="compare-sides">
        <CompareSideCard label="A" run={left} side={a.side} kinship={kinship} />
        <CompareSideCard label="B" run={right} side={b.side} kinship={kinship} />
      </div>
      <table className="compare-facts">
        <caption className="visually-hidden">What was sent</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">A</th>
            <th scope="col">B</th>
          </tr>
        </thead>
        <tbody>
          {comparison.facts.map((fact) => (
            <tr key={fact.field} className={fact.same ? '' : 'compare-differs'}>
              <th scope="row">
                {factNames[fact.field]}
                {fact.same ? null : (
                  <>
                    {' '}
                    <span className="compare-badge">differs</span>
                  </>
                )}
              </th>
              <td title={fact.left}>{fact.left || <span className="muted">—</span>}</td>
              <td title={fact.right}>{fact.right || <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {comparison.sameWorkflow ? (
        <section aria-labelledby="compare-states-title">
          <div className="row">
            <h2 id="compare-states-title">States</h2>
            {identical > 0 ? (
              <label className="row small">
                <input type="checkbox" checked={showSame} onChange={(event) => setShowSame(event.target.checked)} />
                Show {identical} identical {identical === 1 ? 'state' : 'states'}
              </label>
            ) : null}
          </div>
          <ol className="compare-states">
            {shown.map((pair) => (
              <StatePairView
                key={`${pair.key}:${pair.left?.name ?? pair.right?.name ?? ''}:${comparison.states.indexOf(pair)}`}
                pair={pair}
              />
            ))}
          </ol>
        </section>
      ) : null}
      <section aria-labelledby="compare-final-title">
        <h2 id="compare-final-title">Final output</h2>
        <DiffView diff={comparison.finalOutput} label="Final output differences" />
      </section>
    </section>
  );
}

function StatePairView({ pair }: { pair: StatePair }) {
  const title = `State ${pair.name}`;
  return (
    <li className={`compare-state ${pair.identical ? '' : 'compare-differs'}`} aria-label={title}>
      <details open={!pair.identical}>
        <summary className="row">
          <strong>{pair.name}</strong>
          {pair.left ? <RunStatus status={pair.left.status} /> : <span className="muted small">not in A</span>}
          <span aria-hidden="true">→</span>
          {pair.right ? <RunStatus status={pair.right.status} /> : <span className="muted small">not in B</span>}
          <span className="muted small">
            {duration(pair.left?.durationMs)} → {duration(pair.right?.durationMs)} {delta(pair.durationDeltaMs)}
          </span>
          {pair.identical ? <span className="muted small">identical</span> : null}
        </summary>
        <DiffView diff={pair.output} label={`${pair.name} output differences`} />
      </details>
    </li>
  );
}
