import '@/features/workflows/run/run.css';
import { useState, type FormEvent } from 'react';
import type { Batch } from '@/domain/workflows/batches/batch';
import { Button } from '@/ui/button';
import { usePersonTextSlot } from '@/lib/storage/use-person-text';
import { useStoredText } from '@/ui/hooks/use-stored-text';
import { useBatchRuntime } from './batch-runtime';

/**
 * The rows of a batch that paused for a person, continued together: as they are, or each with the same message.
 * What is typed is kept across reloads until it is sent. A row alone is continued from its line or its run page.
 */
export function BatchWaiting({ batch }: { batch: Batch }) {
  const runtime = useBatchRuntime();
  const [writing, setWriting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage, clearMessage] = useStoredText(usePersonTextSlot('batchMessage', batch.id));
  const waiting = batch.rows.filter((row) => row.status === 'waiting');
  if (waiting.length === 0 || batch.state === 'cancelled') return null;
  const asked = waiting.filter((row) => row.continuation).length;
  const rows = waiting.length === 1 ? '1 row' : `${waiting.length} rows`;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return setProblem('Write a message first, or use Continue all to go on without one.');
    runtime.continueWaiting(batch.id, message);
    clearMessage();
    setWriting(false);
    setProblem(null);
  };
  return (
    <section className="waiting-for-you" aria-labelledby={`batch-waiting-${batch.id}`}>
      <h2 id={`batch-waiting-${batch.id}`}>Waiting for you</h2>
      <p>
        {rows} paused for a person. Continue them together, or open a row’s run to read its output, edit it or write to
        it alone.
        {asked > 0 ? ` ${asked} will go on as slots free up (${batch.concurrency} at a time).` : ''}
      </p>
      {writing ? (
        <form className="waiting-form" onSubmit={send}>
          <label>
            Message for every waiting row
            <textarea
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              rows={3}
              autoFocus
              placeholder="What the next state of each run should know"
            />
          </label>
          {problem ? (
            <p role="alert" className="field-error">
              {problem}
            </p>
          ) : null}
          <div className="row">
            <Button type="submit" variant="primary">
              Continue {rows} with message
            </Button>
            <Button onClick={() => setWriting(false)}>Cancel</Button>
          </div>
        </form>
      ) : (
        <div className="row">
          <Button variant="primary" onClick={() => runtime.continueWaiting(batch.id)}>
            Continue all {waiting.length}
          </Button>
          <Button onClick={() => setWriting(true)}>Continue all with message…</Button>
        </div>
      )}
    </section>
  );
}
