import { Link, useNavigate } from '@tanstack/react-router';
import type { StatusTone } from '@/domain/workflows/run/execution-status';
import { tally } from '@/domain/workflows/history/run-history';
import { ActionMenu } from '@/ui/menu';
import { useBatchesStore } from '@/features/workflows/batches/batches-store';
import type { Run } from '@/features/workflows/saved-runs/run';
import { runFinished, sessionOf } from '@/features/workflows/saved-runs/run-facts';
import { Duration, SessionChip, Started, Tokens } from './run-history-cells';
import { RunRow, type RunRowProps } from './run-row';
import { runTone } from '@/features/workflows/run/run-status';
import '@/features/workflows/run/run-status.css';

const toneWords: Record<StatusTone, string> = {
  running: 'running',
  success: 'succeeded',
  error: 'failed',
  warning: 'need sign-in',
  waiting: 'waiting for you',
  neutral: 'stopped',
};

interface BatchGroupProps extends Omit<RunRowProps, 'run' | 'selected' | 'onSelect' | 'onDelete' | 'inBatch'> {
  batchId: string;
  /** The batch's runs among those shown. */
  runs: Run[];
  expanded: boolean;
  onExpand(expanded: boolean): void;
  isSelected(id: string): boolean;
  onSelect(ids: string[], selected: boolean): void;
  onDelete(ids: string[]): void;
}

/** A batch's runs under one row (name, count, statuses, time and tokens in all), opened in place to show each run. */
export function BatchGroup({
  batchId,
  runs: shown,
  expanded,
  onExpand,
  isSelected,
  onSelect,
  onDelete,
  now,
  onFilter,
  onNotice,
}: BatchGroupProps) {
  // In the batch's own row order, as its page lists them (they start nearly together).
  const runs = [...shown].sort((a, b) => (a.batchRow ?? 0) - (b.batchRow ?? 0));
  const navigate = useNavigate();
  const record = useBatchesStore((state) => state.batches.find((batch) => batch.id === batchId));
  const name = record?.workflowName ?? runs[0]?.workflowName ?? 'Batch';
  const statuses = tally(runs.map((run) => runTone(run.status)));
  const summary = statuses.map(({ kind, count }) => `${count} ${toneWords[kind]}`).join(' · ');
  const startedAt = Math.min(...runs.map((run) => run.startedAt));
  const running = runs.some((run) => !runFinished(run));
  const ends = runs.map((run) => run.endedAt);
  const endedAt =
    running || ends.some((end) => end === undefined) ? undefined : Math.max(...ends.map((end) => end ?? 0));
  const counted = runs.flatMap((run) => (run.tokens ? [run.tokens] : []));
  const tokens =
    counted.length > 0
      ? counted.reduce((sum, next) => ({ input: sum.input + next.input, output: sum.output + next.output }))
      : null;
  const sessions = [...new Set(runs.map(sessionOf))];
  const session = sessions.length === 1 ? sessions[0] : undefined;
  const ids = runs.map((run) => run.id);
  const picked = ids.filter(isSelected).length;
  const named = record?.name ? ` “${record.name}”` : '';
  const label = `batch${named} of ${name}, ${runs.length} run${runs.length === 1 ? '' : 's'}`;
  const title = `Batch${named} · ${name}`;
  const statusCells = (
    <span className="runs-batch-tally">
      {statuses.map(({ kind, count }) => (
        <span key={kind} className={`run-status-${kind}`}>
          {count} {toneWords[kind]}
        </span>
      ))}
    </span>
  );
  return (
    <tbody className="runs-batch" data-expanded={expanded || undefined}>
      <tr className="runs-batch-row">
        <td className="runs-select">
          <input
            type="checkbox"
            checked={picked === ids.length}
            ref={(box) => {
              if (box) box.indeterminate = picked > 0 && picked < ids.length;
            }}
            aria-label={`Select the ${label}`}
            onChange={(event) => onSelect(ids, event.target.checked)}
          />
        </td>
        <td className="runs-status" title={summary}>
          {statusCells}
        </td>
        <td className="runs-workflow">
          <span className="runs-batch-head">
            <button
              type="button"
              className="runs-expand"
              aria-expanded={expanded}
              aria-label={`${expanded ? 'Hide' : 'Show'} the runs of the ${label}`}
              onClick={() => onExpand(!expanded)}
            >
              <span aria-hidden="true" className="runs-expand-mark">
                ▸
              </span>
            </button>
            {record ? (
              <Link
                to="/workflows/batches/$batchId"
                params={{ batchId }}
                className="runs-open"
                title={`Open the ${label}`}
              >
                {title}
              </Link>
            ) : (
              <span className="runs-open" title="This batch was deleted; its runs are kept">
                {title}
              </span>
            )}
          </span>
          <span className="runs-narrow-line runs-narrow-facts">
            {runs.length} run{runs.length === 1 ? '' : 's'}: {statusCells}
          </span>
        </td>
        <td className="runs-input muted">
          {runs.length} run{runs.length === 1 ? '' : 's'}
        </td>
        <td className="runs-tags" />
        <td className="runs-session">
          <SessionChip session={session} onFilter={onFilter} />
        </td>
        <td className="runs-started">
          <Started at={startedAt} now={now} />
        </td>
        <td className="runs-duration-cell">
          <Duration startedAt={startedAt} endedAt={endedAt} running={running} />
        </td>
        <td className="runs-tokens">
          <Tokens tokens={tokens} />
        </td>
        <td className="runs-actions">
          <ActionMenu
            label={`Actions for the ${label}`}
            actions={[
              ...(record
                ? [
                    {
                      id: 'open',
                      label: 'Open the batch',
                      onAction: () => navigate({ to: '/workflows/batches/$batchId', params: { batchId } }),
                    },
                  ]
                : []),
              {
                id: 'expand',
                label: expanded ? 'Hide its runs' : 'Show its runs',
                onAction: () => onExpand(!expanded),
              },
              {
                id: 'delete',
                label: `Delete its ${runs.length} run${runs.length === 1 ? '' : 's'}`,
                danger: true,
                onAction: () => onDelete(ids),
              },
            ]}
          />
        </td>
      </tr>
      {expanded
        ? runs.map((run) => (
            <RunRow
              key={run.id}
              run={run}
              now={now}
              inBatch
              selected={isSelected(run.id)}
              onSelect={(on) => onSelect([run.id], on)}
              onFilter={onFilter}
              onDelete={() => onDelete([run.id])}
              onNotice={onNotice}
            />
          ))
        : null}
    </tbody>
  );
}
