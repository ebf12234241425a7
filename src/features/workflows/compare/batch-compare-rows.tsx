import { useId, useState } from 'react';
import {
  filterRows,
  type BatchSide,
  type ComparedRow,
  type RowFilter,
} from '@/domain/workflows/batches/batch-comparison';
import { comparisonCsv } from '@/domain/workflows/batches/batch-comparison-csv';
import { download, fileStamp } from '@/lib/download';
import { Button } from '@/ui/button';
import { batchLabel } from '@/domain/workflows/batches/batch-name';
import { BatchCompareRow } from './batch-compare-row';

const filters: { value: RowFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'changed', label: 'Changed only' },
  { value: 'regressions', label: 'Regressions only' },
];

const emptyWords: Record<RowFilter, string> = {
  all: 'Neither batch has rows.',
  changed: 'No row changed: every row has the same status and output as in the baseline.',
  regressions: 'No regression: no row that succeeded in the baseline failed or was cancelled here.',
};

/** The aligned rows of one batch against the baseline, filtered, each with its diff a click away; exported as shown. */
export function BatchCompareRows({
  baseline,
  side,
  rows,
  filter,
  onFilter,
}: {
  baseline: BatchSide;
  side: BatchSide;
  rows: readonly ComparedRow[];
  filter: RowFilter;
  onFilter(filter: RowFilter): void;
}) {
  const name = useId();
  // By the rows' positions: the comparison is rebuilt as runs report, and an opened diff stays open.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const shown = filterRows(rows, filter);
  const tally = (value: RowFilter) => filterRows(rows, value).length;
  const title = `${batchLabel(side)} against the baseline (${batchLabel(baseline)})`;
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <section aria-labelledby={`${name}-title`} className="batch-compare-rows">
      <h2 id={`${name}-title`}>Rows</h2>
      <div className="row batch-compare-bar">
        <div role="radiogroup" aria-label="Show rows" className="row">
          {filters.map((item) => (
            <label key={item.value} className="row">
              <input type="radio" name={name} checked={filter === item.value} onChange={() => onFilter(item.value)} />
              {item.label} ({tally(item.value)})
            </label>
          ))}
        </div>
        <Button
          size="small"
          disabled={shown.length === 0}
          onClick={() => download(`batch-comparison-${fileStamp()}.csv`, 'text/csv', `\uFEFF${comparisonCsv(shown)}`)}
        >
          Export comparison CSV ({shown.length} row{shown.length === 1 ? '' : 's'})
        </Button>
      </div>
      {shown.length === 0 ? (
        <p className="muted" role="status">
          {emptyWords[filter]}
        </p>
      ) : (
        <div className="batch-compare-scroll">
          <table className="batch-compare-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Input</th>
                <th scope="col">Status</th>
                <th scope="col">Change</th>
                <th scope="col">Duration</th>
                <th scope="col">Tokens</th>
                <th scope="col">Cost</th>
                <th scope="col">Output</th>
              </tr>
            </thead>
            {shown.map((row) => {
              const key = `${row.baseline?.index ?? '-'}:${row.candidate?.index ?? '-'}`;
              return <BatchCompareRow key={key} row={row} open={open.has(key)} onToggle={() => toggle(key)} />;
            })}
          </table>
        </div>
      )}
    </section>
  );
}
