import { Link } from '@tanstack/react-router';
import type { WaitingItem, WaitingKind } from '@/domain/waiting/waiting-item';
import { useWaiting } from './use-waiting';

const kindWords: Record<WaitingKind, string> = {
  'tool-call': 'Tool call to allow or deny',
  form: 'Form to fill in',
  queue: 'Queued questions to resume',
  run: 'Workflow run to continue',
  'batch-row': 'Batch row to continue',
};

const sinceText = (since: number) =>
  new Date(since).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Place({ item }: { item: WaitingItem }) {
  const { place } = item;
  if (place.screen === 'chat')
    return (
      <Link to="/chat/$conversationId" params={{ conversationId: place.conversationId }}>
        {item.title}
      </Link>
    );
  if (place.screen === 'run')
    return (
      <Link to="/workflows/runs/$runId" params={{ runId: place.runId }}>
        {item.title}
      </Link>
    );
  if (place.screen === 'execution')
    return (
      <Link
        to="/workflows/executions/$workflowId/$executionId"
        params={{ workflowId: place.workflowId, executionId: place.executionId }}
      >
        {item.title}
      </Link>
    );
  return (
    <Link to="/workflows/batches/$batchId" params={{ batchId: place.batchId }}>
      {item.title}
    </Link>
  );
}

/** One place for everything that waits for this person: what it is, since when, and a link to where it waits. */
export function WaitingPage() {
  const items = useWaiting();
  return (
    <section className="waiting-page" aria-labelledby="waiting-heading">
      <h1 id="waiting-heading">Waiting for you</h1>
      {items.length === 0 ? (
        <p className="muted">
          Nothing waits for you. Tool calls an assistant asks you to allow, forms it asks you to fill in, paused queues
          of questions and workflow runs paused for approval appear here.
        </p>
      ) : (
        <ul className="waiting-list" aria-label={`${items.length} waiting`}>
          {items.map((item) => (
            <li key={item.key} className="waiting-row">
              <span className="waiting-kind">{kindWords[item.kind]}</span>
              <Place item={item} />
              <span className="waiting-what">{item.what}</span>
              <span className="muted small">since {sinceText(item.since)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
