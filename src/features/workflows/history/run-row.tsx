import { Link, useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { RunFilter } from '@/domain/workflows/history/run-filter';
import { firstLine } from '@/domain/workflows/history/run-history';
import type { Run } from '@/features/workflows/saved-runs/run';
import { runFinished, sessionOf } from '@/features/workflows/saved-runs/run-facts';
import { Duration, SessionChip, Started, TagChips, Tokens } from './run-history-cells';
import { RunRowMenu } from './run-row-menu';
import { RunStatus } from '@/features/workflows/run/run-status';

export interface RunRowProps {
  run: Run;
  now: number;
  selected: boolean;
  /** A run of a batch, shown under its batch's row. */
  inBatch?: boolean;
  onSelect(selected: boolean): void;
  onFilter(change: Partial<RunFilter>): void;
  onDelete(): void;
  onNotice(text: string): void;
}

/** One run in the history table; the workflow runtime follows a run still going, so its status is current. */
export function RunRow(props: RunRowProps) {
  return <RunRowView {...props} status={props.run.status} />;
}

// A click anywhere on the row opens the run, as its link does; chips, the checkbox and the menu keep their own.
const interactive = 'a, button, input, label, [role="menu"], [role="dialog"]';

function RunRowView({
  run,
  now,
  status,
  selected,
  inBatch,
  onSelect,
  onFilter,
  onDelete,
  onNotice,
}: RunRowProps & { status: string }) {
  const navigate = useNavigate();
  const session = sessionOf(run);
  const input = firstLine(run.userInput);
  const when = new Date(run.startedAt).toLocaleString();
  const running = !runFinished({ status });
  const open = (event: MouseEvent<HTMLTableRowElement>) => {
    const target = event.target as Element;
    if (!event.currentTarget.contains(target) || target.closest(interactive)) return;
    navigate({ to: '/workflows/runs/$runId', params: { runId: run.id } });
  };
  return (
    <tr
      className={inBatch ? 'runs-row runs-row-in-batch' : 'runs-row'}
      data-selected={selected || undefined}
      onClick={open}
    >
      <td className="runs-select">
        <input
          type="checkbox"
          checked={selected}
          aria-label={`Select run of ${run.workflowName}, ${when}`}
          onChange={(event) => onSelect(event.target.checked)}
        />
      </td>
      <td className="runs-status">
        <RunStatus status={status} lost={run.lost} />
      </td>
      <td className="runs-workflow">
        <Link
          to="/workflows/runs/$runId"
          params={{ runId: run.id }}
          className="runs-open"
          title={`${run.workflowName}, ${when}`}
        >
          {run.workflowName}
        </Link>
        <span className="runs-narrow-line muted">{input}</span>
        {run.tags.length > 0 ? (
          <span className="runs-narrow-tags">
            <TagChips tags={run.tags} onFilter={onFilter} />
          </span>
        ) : null}
        <span className="runs-narrow-line runs-narrow-facts">
          <RunStatus status={status} lost={run.lost} /> <Started at={run.startedAt} now={now} /> ·{' '}
          <Duration startedAt={run.startedAt} endedAt={run.endedAt} running={running} />
        </span>
      </td>
      <td className="runs-input" title={run.userInput}>
        {input || <span className="muted">—</span>}
      </td>
      <td className="runs-tags">
        <TagChips tags={run.tags} onFilter={onFilter} />
      </td>
      <td className="runs-session">
        <SessionChip session={session} onFilter={onFilter} />
      </td>
      <td className="runs-started">
        <Started at={run.startedAt} now={now} />
      </td>
      <td className="runs-duration-cell">
        <Duration startedAt={run.startedAt} endedAt={run.endedAt} running={running} />
      </td>
      <td className="runs-tokens">
        <Tokens tokens={run.tokens} />
      </td>
      <td className="runs-actions">
        <RunRowMenu run={run} onDelete={onDelete} onNotice={onNotice} />
      </td>
    </tr>
  );
}
