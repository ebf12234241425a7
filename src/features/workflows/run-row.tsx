import { Link, useNavigate } from '@tanstack/react-router';
import type { RunFilter } from '@/domain/workflows/run-filter';
import { CopyButton } from '@/ui/copy-button';
import { useLauncherStore } from './launcher-store';
import type { Run } from './run';
import { curlOf, runFinished, sessionOf } from './run-facts';
import { RunStatus } from './run-status';
import { useRunFollowUp } from './use-run-follow-up';

/** An active filter, removable. */
export function FilterChip({ label, onClear }: { label: string; onClear(): void }) {
  return (
    <span className="chip">
      {label}
      <button type="button" className="chip-remove" aria-label={`Remove filter ${label}`} onClick={onClear}>
        ×
      </button>
    </span>
  );
}

/** One run in the history: status (followed live while it runs), input, tag and session chips that filter, actions. */
interface RunRowProps {
  run: Run;
  selected: boolean;
  onSelect(selected: boolean): void;
  onFilter(change: Partial<RunFilter>): void;
  onDelete(): void;
}

export function RunRow({ run, selected, onSelect, onFilter, onDelete }: RunRowProps) {
  const navigate = useNavigate();
  const session = sessionOf(run);
  const again = () => {
    useLauncherStore.getState().prefilled({ id: run.workflowId, name: run.workflowName }, { userInput: run.userInput, tags: run.tags, sessionId: run.sessionId ?? '', fileName: run.fileName ?? '' });
    void navigate({ to: '/workflows' });
  };
  return (
    <li className="run-row" aria-label={`${run.workflowName}, ${new Date(run.startedAt).toLocaleString()}`}>
      <div className="row">
        <input type="checkbox" checked={selected} aria-label={`Select run of ${run.workflowName}, ${new Date(run.startedAt).toLocaleString()}`} onChange={(event) => onSelect(event.target.checked)} />
        <Link to="/workflows/runs/$runId" params={{ runId: run.id }} className="run-row-title">
          {run.workflowName}
        </Link>
        {runFinished(run) ? <RunStatus status={run.status} /> : <LiveStatus run={run} />}
        <span className="muted small">{new Date(run.startedAt).toLocaleString()}</span>
      </div>
      {run.userInput ? <p className="run-row-input">{run.userInput.length > 160 ? `${run.userInput.slice(0, 160)}…` : run.userInput}</p> : null}
      <div className="row small">
        {run.tags.map((tag) => (
          <button key={tag} type="button" className="chip mono" title="Show runs with this tag" onClick={() => onFilter({ tag })}>
            {tag}
          </button>
        ))}
        {session ? (
          <button type="button" className="chip mono" title="Show runs of this session" onClick={() => onFilter({ sessionId: session })}>
            session {session.length > 13 ? `${session.slice(0, 13)}…` : session}
          </button>
        ) : null}
        <span className="grow" />
        <button type="button" className="button button-small" onClick={again}>
          Run again
        </button>
        <CopyButton label="Copy as curl" getText={() => curlOf(run)} />
        <button type="button" className="button button-small" aria-label={`Delete run of ${run.workflowName}`} onClick={onDelete}>
          Delete
        </button>
      </div>
    </li>
  );
}

/** A run still going when the list shows it: followed from here too, so its status is current. */
function LiveStatus({ run }: { run: Run }) {
  const follow = useRunFollowUp(run, false);
  return <RunStatus status={follow.status} />;
}
