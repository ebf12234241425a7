import { Link } from '@tanstack/react-router';
import { TrendCharts } from './trend-charts';
import { TrendTable } from './trend-table';
import { useWorkflowTrend } from './use-workflow-trend';

/**
 * A workflow's batches kept in this browser, newest first, and how they moved over time: pass rate, median duration
 * and total tokens per batch, drawn as charts (loaded with this page only) and listed in a table with the same figures.
 */
export function WorkflowBatchesPage({ workflowId }: { workflowId: string }) {
  const { records, points, loading, reading } = useWorkflowTrend(workflowId);
  const name = records[0]?.workflowName ?? workflowId;
  return (
    <section className="page" aria-labelledby="workflow-batches-title">
      <header className="page-header">
        <nav aria-label="Breadcrumb" className="small breadcrumb">
          <Link to="/workflows">Workflows</Link> / batches
        </nav>
        <h1 id="workflow-batches-title">Batches of {name}</h1>
        <p className="muted small">
          Pass rate is passed rows over rows that ran to an end: a row you marked Pass or Fail counts as you judged it,
          the others by whether they succeeded. Durations and tokens are what each row’s run reported, as this browser
          kept them; batches are kept in the browser that ran them.
          {reading ? ' Reading older runs…' : ''}
        </p>
      </header>
      {loading ? (
        <p className="muted">Loading batches…</p>
      ) : records.length === 0 ? (
        <p role="alert">No batch of this workflow is in this browser’s history.</p>
      ) : (
        <>
          <section aria-labelledby="trend-title">
            <h2 id="trend-title">Trend</h2>
            <TrendCharts points={points} />
          </section>
          <TrendTable points={points} />
        </>
      )}
    </section>
  );
}
