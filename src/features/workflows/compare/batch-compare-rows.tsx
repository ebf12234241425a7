import { useId, useState } from 'react';
import type { BatchSide, ComparedRow, RowFilter } from '@/domain/workflows/batches/batch-comparison';
import { filterComparedRows, judgementsOf } from '@/domain/workflows/verdicts/verdict-filter';
import { judgePair, pairKey } from '@/domain/workflows/verdicts/verdicts';
import { findBatch, useBatchesStore } from '@/features/workflows/batches/batches-store';
import { ComparisonFilters } from '@/features/workflows/verdicts/comparison-filters';
import { pairOptions, verdictOfKey } from '@/ui/verdicts/verdict-buttons';
import { VerdictKeysHint } from '@/ui/verdicts/verdict-keys-hint';
import { useComparisonFilters } from '@/features/workflows/verdicts/use-comparison-filters';
import { useVerdictKeys } from '@/ui/verdicts/use-verdict-keys';
import { comparisonCsv } from '@/domain/workflows/batches/batch-comparison-csv';
import { download, fileStamp } from '@/lib/download';
import { Button } from '@/ui/button';
import { batchLabel } from '@/domain/workflows/batches/batch-name';
import { BatchCompareRow } from './batch-compare-row';

const changeFilters: { value: RowFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'changed', label: 'Changed only' },
  { value: 'regressions', label: 'Regressions only' },
];

const emptyWords: Record<RowFilter, string> = {
  all: 'Neither batch has rows.',
  changed: 'No row changed: every row has the same status and output as in the baseline.',
  regressions: 'No regression: no row that succeeded in the baseline failed or was cancelled here.',
};

/**
 * The aligned rows of one batch against the baseline, filtered by change, verdict and a threshold, each with its
 * diff a click away and the person's better / same / worse (keys 1 / 2 / 3, J / K to move); exported as shown.
 */
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
  const filters = useComparisonFilters();
  const verdicts = useBatchesStore((state) => findBatch(side.id)(state)?.verdicts);
  const batchJudged = useBatchesStore((state) => state.batchJudged);
  const judgements = { verdicts, baselineId: baseline.id };
  const chosen = {
    only: filter,
    verdict: filters.verdict,
    ...(filters.threshold ? { threshold: filters.threshold } : {}),
  };
  const shown = filterComparedRows(rows, chosen, judgements);
  const narrowed = filters.verdict !== 'all' || filters.threshold !== undefined;
  const tally = (value: RowFilter) => filterComparedRows(rows, { ...chosen, only: value }, judgements).length;
  const keyOf = (row: ComparedRow) => pairKey(row.baseline?.index, row.candidate?.index);
  const judge = (key: string, change: Parameters<typeof judgePair>[3]) =>
    batchJudged(side.id, (current) => judgePair(current, baseline.id, key, change));
  const rowKeys = useVerdictKeys(shown.map(keyOf), (key, digit) => {
    const verdict = verdictOfKey(pairOptions, digit);
    if (verdict !== undefined) judge(key, { verdict });
  });
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
          {changeFilters.map((item) => (
            <label key={item.value} className="row">
              <input type="radio" name={name} checked={filter === item.value} onChange={() => onFilter(item.value)} />
              {item.label} ({tally(item.value)})
            </label>
          ))}
        </div>
        <Button
          size="small"
          disabled={shown.length === 0}
          onClick={() =>
            download(`batch-comparison-${fileStamp()}.csv`, 'text/csv', `\uFEFF${comparisonCsv(shown, judgements)}`)
          }
        >
          Export comparison CSV ({shown.length} row{shown.length === 1 ? '' : 's'})
        </Button>
      </div>
      <ComparisonFilters
        verdict={filters.verdict}
        metric={filters.metric}
        threshold={filters.threshold}
        onVerdict={filters.setVerdict}
        onThreshold={filters.setThreshold}
      />
      <VerdictKeysHint options={pairOptions} />
      {shown.length === 0 ? (
        <p className="muted" role="status">
          {narrowed ? 'No row matches these filters.' : emptyWords[filter]}
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
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            {shown.map((row) => {
              const key = keyOf(row);
              return (
                <BatchCompareRow
                  key={key}
                  row={row}
                  open={open.has(key)}
                  onToggle={() => toggle(key)}
                  judgements={judgementsOf(row, judgements)}
                  onJudge={(change) => judge(key, change)}
                  rowProps={rowKeys(key)}
                />
              );
            })}
          </table>
        </div>
      )}
    </section>
  );
}
