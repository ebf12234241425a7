import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  compareBatches,
  type BatchComparison as Comparison,
  type BatchSide,
  type MetricTotal,
  type RowFilter,
} from '@/domain/workflows/batches/batch-comparison';
import { Button } from '@/ui/button';
import { batchLabel } from '@/domain/workflows/batches/batch-name';
import { costDelta, costText, durationDelta, durationText, tokensDelta, tokensText } from './batch-compare-format';
import { BatchCompareRows } from './batch-compare-rows';
import { DurationDistribution } from './duration-distribution';
import { VerdictRates } from '@/features/workflows/verdicts/verdict-rates';

interface BatchComparisonProps {
  baseline: BatchSide;
  compared: readonly BatchSide[];
  filter: RowFilter;
  onFilter(filter: RowFilter): void;
  /** Older runs of these batches are still being read: durations and tokens may fill in. */
  reading: boolean;
}

/** The totals of each compared batch against the baseline, then the rows of one of them. */
export function BatchComparison({ baseline, compared, filter, onFilter, reading }: BatchComparisonProps) {
  const comparisons = useMemo(
    () => compared.map((side) => ({ side, comparison: compareBatches(baseline, side) })),
    [baseline, compared],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = comparisons.find((item) => item.side.id === chosen) ?? comparisons[0];
  return (
    <>
      <div className="batch-compare-scroll">
        <table className="batch-compare-totals">
          <caption>Totals against the baseline{reading ? ' (still reading older runs…)' : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Batch</th>
              <th scope="col">Rows</th>
              <th scope="col">Changed</th>
              <th scope="col">Regressions</th>
              <th scope="col">Fixed</th>
              <th scope="col">Added / removed</th>
              <th scope="col">Duration</th>
              <th scope="col">Tokens</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            <tr aria-label="Baseline">
              <th scope="row">
                Baseline · <BatchLink side={baseline} />
              </th>
              <td>{baseline.rows.length}</td>
              <td colSpan={4} className="muted">
                the reference
              </td>
              <td>{durationText(comparisons[0]?.comparison.duration.baseline)}</td>
              <td>{tokensText(comparisons[0]?.comparison.tokens.baseline)}</td>
              <td>{costText(comparisons[0]?.comparison.cost.baseline)}</td>
            </tr>
            {comparisons.map(({ side, comparison }) => (
              <TotalsRow
                key={side.id}
                side={side}
                comparison={comparison}
                shown={side.id === shown?.side.id}
                onShow={comparisons.length > 1 ? () => setChosen(side.id) : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
      {shown ? (
        <VerdictRates
          batchId={shown.side.id}
          batchName={batchLabel(shown.side)}
          baselineId={baseline.id}
          rows={shown.comparison.rows}
        />
      ) : null}
      {shown ? <DurationDistribution rows={shown.comparison.rows} /> : null}
      {shown ? (
        <BatchCompareRows
          key={shown.side.id}
          baseline={baseline}
          side={shown.side}
          rows={shown.comparison.rows}
          filter={filter}
          onFilter={onFilter}
        />
      ) : null}
    </>
  );
}

function BatchLink({ side }: { side: BatchSide }) {
  return (
    <Link to="/workflows/batches/$batchId" params={{ batchId: side.id }}>
      {batchLabel(side)}
    </Link>
  );
}

/** "12.0 s (+1.2 s)": the batch's own total and its change over the rows both batches report. */
function Metric({
  total,
  text,
  delta,
}: {
  total: MetricTotal;
  text(value?: number): string;
  delta(value?: number): string;
}) {
  const change = delta(total.delta);
  return (
    <>
      <span className="batch-compare-pair">{text(total.candidate)}</span>
      {change ? (
        <span className="batch-compare-delta" title={`Change over the ${total.compared} rows both batches report`}>
          {' '}
          ({change})
        </span>
      ) : null}
    </>
  );
}

function TotalsRow({
  side,
  comparison,
  shown,
  onShow,
}: {
  side: BatchSide;
  comparison: Comparison;
  shown: boolean;
  onShow: (() => void) | undefined;
}) {
  const { counts } = comparison;
  return (
    <tr aria-label={`Totals of the ${batchLabel(side)}`} data-shown={shown || undefined}>
      <th scope="row">
        <BatchLink side={side} />{' '}
        {onShow ? (
          <Button size="small" variant="quiet" aria-pressed={shown} onClick={onShow}>
            {shown ? 'Rows shown' : 'Show rows'}
          </Button>
        ) : null}
      </th>
      <td>{side.rows.length}</td>
      <td>{counts.changed + counts.regression + counts.fixed + counts.added + counts.removed}</td>
      <td className={counts.regression ? 'status-error' : ''}>{counts.regression}</td>
      <td className={counts.fixed ? 'status-success' : ''}>{counts.fixed}</td>
      <td>
        +{counts.added} / −{counts.removed}
      </td>
      <td>
        <Metric total={comparison.duration} text={durationText} delta={durationDelta} />
      </td>
      <td>
        <Metric total={comparison.tokens} text={tokensText} delta={tokensDelta} />
      </td>
      <td>
        <Metric total={comparison.cost} text={costText} delta={costDelta} />
      </td>
    </tr>
  );
}
