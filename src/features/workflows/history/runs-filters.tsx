import { statusLabel } from '@/domain/workflows/run/execution-status';
import type { RunFilter } from '@/domain/workflows/history/run-filter';
import { Button } from '@/ui/button';

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

interface RunsFiltersProps {
  filter: RunFilter;
  workflows: ReadonlyArray<readonly [string, string]>;
  statuses: readonly string[];
  onChange(change: Partial<RunFilter>): void;
  onClear(): void;
}

/** Search, workflow and status, and the tag or session chosen from a chip: all kept in the address. */
export function RunsFilters({ filter, workflows, statuses, onChange, onClear }: RunsFiltersProps) {
  return (
    <div className="runs-filters" role="search" aria-label="Filter runs">
      <input
        className="runs-search"
        type="search"
        aria-label="Search runs"
        placeholder="Search input, tags, session, id"
        value={filter.text ?? ''}
        onChange={(event) => onChange({ text: event.target.value })}
      />
      <select
        aria-label="Workflow"
        value={filter.workflowId ?? ''}
        onChange={(event) => onChange({ workflowId: event.target.value })}
      >
        <option value="">All workflows</option>
        {workflows.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label="Status"
        value={filter.status ?? ''}
        onChange={(event) => onChange({ status: event.target.value })}
      >
        <option value="">Any status</option>
        {statuses.map((value) => (
          <option key={value} value={value}>
            {statusLabel(value)}
          </option>
        ))}
      </select>
      {filter.tag ? <FilterChip label={`Tag: ${filter.tag}`} onClear={() => onChange({ tag: '' })} /> : null}
      {filter.sessionId ? (
        <FilterChip label={`Session: ${filter.sessionId}`} onClear={() => onChange({ sessionId: '' })} />
      ) : null}
      {Object.keys(filter).length > 0 ? (
        <Button size="small" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
