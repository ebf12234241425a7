import { useState } from 'react';
import { toCsv } from '@/domain/workflows/batches/csv';
import { runsCsvRows } from '@/domain/workflows/history/run-filter';
import { download, fileStamp } from '@/lib/download';
import { Button } from '@/ui/button';
import type { Run } from '@/features/workflows/model/run';
import { toRunRecord } from './run-record';
import '@/ui/confirm-inline.css';

interface RunsToolbarProps {
  /** What the exports and the delete act on: the ticked runs, else every run shown. */
  target: Run[];
  targetLabel: string;
  /** Deleting is offered for ticked runs or a filtered list, never for the whole history at one click. */
  deletable: boolean;
  picked: number;
  onClearSelection(): void;
  onDelete(ids: string[]): void;
}

/** Exports, selection and a delete that asks once before it acts (and can still be undone). */
export function RunsToolbar({ target, targetLabel, deletable, picked, onClearSelection, onDelete }: RunsToolbarProps) {
  // The confirmation belongs to the runs it named: a new filter or tick asks again.
  const [confirming, setConfirming] = useState<string | null>(null);
  const targetKey = target.map((run) => run.id).join(' ');
  const asking = confirming === targetKey && deletable && target.length > 0;
  const count = `${target.length} run${target.length === 1 ? '' : 's'}`;
  return (
    <div className="runs-toolbar">
      <Button
        size="small"
        disabled={target.length === 0}
        onClick={() =>
          download(`workflow-runs-${fileStamp()}.json`, 'application/json', JSON.stringify(target, null, 2))
        }
      >
        Export JSON ({targetLabel})
      </Button>
      {/* The byte-order mark makes Excel read the CSV as UTF-8. */}
      <Button
        size="small"
        disabled={target.length === 0}
        onClick={() =>
          download(
            `workflow-runs-${fileStamp()}.csv`,
            'text/csv',
            `\uFEFF${toCsv(runsCsvRows(target.map(toRunRecord)))}`,
          )
        }
      >
        Export CSV ({targetLabel})
      </Button>
      {picked > 0 ? (
        <Button size="small" variant="quiet" onClick={onClearSelection}>
          Clear selection
        </Button>
      ) : null}
      {deletable && target.length > 0 && !asking ? (
        <Button size="small" variant="quiet" onClick={() => setConfirming(targetKey)}>
          Delete {targetLabel}…
        </Button>
      ) : null}
      {asking ? (
        <span className="runs-confirm" role="group" aria-label="Confirm delete">
          <span>Delete {count}?</span>
          <Button
            size="small"
            variant="danger"
            autoFocus
            onClick={() => {
              setConfirming(null);
              onDelete(target.map((run) => run.id));
            }}
          >
            Delete {count}
          </Button>
          <Button size="small" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </span>
      ) : null}
    </div>
  );
}
