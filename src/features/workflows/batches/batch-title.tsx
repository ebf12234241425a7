import { useId, useRef, useState, type FormEvent } from 'react';
import { batchNameProblem } from '@/domain/workflows/batches/batch-name';
import { Button } from '@/ui/button';
import type { BatchRecord } from './batch-record';
import { useBatchesStore } from './batches-store';

const stateLabel = { running: 'Running', paused: 'Paused', cancelled: 'Cancelled', done: 'Finished' } as const;

/**
 * A batch's heading: its name ("prompt v2"), or "Batch of <workflow>" while it has none; Rename names it (or renames
 * it) in place, for the runs history and comparisons too.
 */
export function BatchTitle({ record }: { record: BatchRecord }) {
  const renamed = useBatchesStore((state) => state.batchRenamed);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const id = useId();
  const renameButton = useRef<HTMLButtonElement>(null);
  const problem = batchNameProblem(text);
  const close = () => {
    setEditing(false);
    // The keyboard goes back where it was (the field it was in is gone).
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    renamed(record.id, text);
    close();
  };
  const state = <span className="muted small">{stateLabel[record.batch.state]}</span>;
  return (
    <div className="row batch-title">
      <h1 id="batch-title">
        {record.name ?? `Batch of ${record.workflowName}`} {state}
      </h1>
      {editing ? (
        <form className="row" aria-label="Rename the batch" onSubmit={save}>
          <label htmlFor={id} className="visually-hidden">
            Batch name
          </label>
          <input
            id={id}
            value={text}
            placeholder="e.g. prompt v2"
            autoComplete="off"
            // Opened by the person's click on Rename: the keyboard goes to the name at once.
            autoFocus
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && (event.preventDefault(), close())}
          />
          <Button type="submit" size="small" variant="primary">
            Save name
          </Button>
          <Button size="small" onClick={close}>
            Cancel
          </Button>
          {problem ? (
            <span id={`${id}-problem`} className="field-error">
              {problem}
            </span>
          ) : null}
        </form>
      ) : (
        <Button ref={renameButton} size="small" onClick={() => (setText(record.name ?? ''), setEditing(true))}>
          {record.name ? 'Rename' : 'Name this batch'}
        </Button>
      )}
    </div>
  );
}
