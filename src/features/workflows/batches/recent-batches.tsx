import { Link } from '@tanstack/react-router';
import { counts } from '@/domain/workflows/batches/batch';
import { useBatchesStore } from './batches-store';
import './batches.css';

/** The latest batches, with their progress, so a batch started earlier (or before a reload) is one click away. */
export function RecentBatches() {
  const batches = useBatchesStore((state) => state.batches);
  if (batches.length === 0) return null;
  return (
    <section aria-labelledby="recent-batches-title" className="recent-batches">
      <h2 id="recent-batches-title">Recent batches</h2>
      <ul className="run-list">
        {batches.slice(0, 5).map((record) => {
          const tally = counts(record.batch);
          return (
            <li key={record.id} className="run-row">
              <Link to="/workflows/batches/$batchId" params={{ batchId: record.id }} className="run-row-title">
                {record.name ? `“${record.name}” · ` : ''}
                {record.workflowName} · {tally.total} runs
              </Link>{' '}
              <span className="muted small">
                {record.interrupted ? 'interrupted, waiting for you · ' : `${record.batch.state} · `}
                {tally.waiting ? `${tally.waiting} waiting for you, ` : ''}
                {tally.succeeded} succeeded, {tally.failed} failed · {new Date(record.createdAt).toLocaleString()}{' '}
                ·{' '}
              </span>
              <Link
                to="/workflows/trends/$workflowId"
                params={{ workflowId: record.batch.workflowId }}
                className="small"
                aria-label={`All batches of ${record.workflowName}, with their trend`}
              >
                all batches
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
