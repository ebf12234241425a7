import { useMemo, useState } from 'react';
import type { RunFilter } from '@/domain/workflows/history/run-filter';
import { groupByBatch } from '@/domain/workflows/history/run-history';
import { BatchGroup } from './batch-group';
import type { Run } from '@/features/workflows/model/run';
import { RunRow } from './run-row';
import { useNow } from './use-now';

interface RunsTableProps {
  runs: Run[];
  isSelected(id: string): boolean;
  onSelect(ids: string[], selected: boolean): void;
  onFilter(change: Partial<RunFilter>): void;
  onDelete(ids: string[]): void;
  onNotice(text: string): void;
}

const columns = [
  ['runs-select', 'Select'],
  ['runs-status', 'Status'],
  ['runs-workflow', 'Workflow'],
  ['runs-input', 'Input'],
  ['runs-tags', 'Tags'],
  ['runs-session', 'Session'],
  ['runs-started', 'Started'],
  ['runs-duration-cell', 'Duration'],
  ['runs-tokens', 'Tokens'],
  ['runs-actions', 'Actions'],
] as const;

/** The runs as a dense table, one line each; a batch's runs under one row that opens in place. */
export function RunsTable({ runs, isSelected, onSelect, onFilter, onDelete, onNotice }: RunsTableProps) {
  // "5 min ago" moves on while the page stays open; live durations tick on their own.
  const now = useNow(true, 30_000);
  const items = useMemo(() => groupByBatch(runs), [runs]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const expand = (id: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const shared = { now, onFilter, onNotice };
  return (
    <div className="runs-table-frame">
      <table className="runs-table" aria-label="Runs">
        <thead>
          <tr>
            {columns.map(([className, title]) => (
              <th key={className} scope="col" className={className}>
                {className === 'runs-select' || className === 'runs-actions' ? (
                  <span className="visually-hidden">{title}</span>
                ) : (
                  title
                )}
              </th>
            ))}
          </tr>
        </thead>
        {items.map((item) =>
          item.kind === 'batch' ? (
            <BatchGroup
              key={item.batchId}
              batchId={item.batchId}
              runs={item.runs}
              expanded={expanded.has(item.batchId)}
              onExpand={(open) => expand(item.batchId, open)}
              isSelected={isSelected}
              onSelect={onSelect}
              onDelete={onDelete}
              {...shared}
            />
          ) : (
            <tbody key={item.run.id}>
              <RunRow
                run={item.run}
                selected={isSelected(item.run.id)}
                onSelect={(on) => onSelect([item.run.id], on)}
                onDelete={() => onDelete([item.run.id])}
                {...shared}
              />
            </tbody>
          ),
        )}
      </table>
    </div>
  );
}
