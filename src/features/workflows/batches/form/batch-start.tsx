import { Link } from '@tanstack/react-router';
import { StartKeysHint, startKeysAria } from '@/features/workflows/fields/start-keys';
import type { StartedBatch } from './batch-draft-store';

interface BatchStartProps {
  count: number;
  concurrency: number;
  blocked: boolean;
  /** The batch this form just started, when its inputs are still the ones shown: starting them again is a choice. */
  startedAlready: StartedBatch | null;
}

const runs = (count: number) => `${count} run${count === 1 ? '' : 's'}`;

/**
 * The batch form's Start, in view at the form's foot. Right after a batch started with these very inputs it is no
 * longer the primary action: the note says which batch has them, and starting them again takes a deliberate click.
 */
export function BatchStart({ count, concurrency, blocked, startedAlready }: BatchStartProps) {
  const label = count > 0 ? `Start ${runs(count)}` : 'Start batch';
  return (
    <div className="launch-actions">
      {startedAlready ? (
        <p className="muted small batch-started-note" role="status">
          These inputs started as{' '}
          <Link to="/workflows/batches/$batchId" params={{ batchId: startedAlready.batchId }}>
            {startedAlready.label}
          </Link>{' '}
          ({runs(startedAlready.count)}). Change them for the next batch, or start them again on purpose (say, after a
          new prompt): name it first.
        </p>
      ) : null}
      <div className="row">
        <button
          type="submit"
          className={startedAlready ? 'button' : 'button button-primary'}
          disabled={blocked}
          aria-keyshortcuts={startedAlready ? undefined : startKeysAria()}
          // Read by the form's submit: the keyboard shortcut starts a new batch, never this one again.
          value={startedAlready ? 'again' : 'start'}
        >
          {startedAlready ? `${label} again` : label}
        </button>
        {startedAlready ? null : <StartKeysHint />}
        <span className="muted small">{concurrency} at a time</span>
      </div>
    </div>
  );
}
