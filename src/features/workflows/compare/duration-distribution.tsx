import { useMemo } from 'react';
import type { ComparedRow } from '@/domain/workflows/batches/batch-comparison';
import { changeBins, durationChanges, type ChangeBin } from '@/domain/workflows/trends/row-distribution';
import { Chart } from '@/features/workflows/trends/lazy-chart';

const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value)}`;

/** A bin as a tick reads it: "< −50 %", "−50…−20", "±5", "> +50 %". */
function tick(bin: ChangeBin | undefined): string {
  if (!bin) return '';
  if (bin.from === -Infinity) return `< ${signed(bin.to)} %`;
  if (bin.to === Infinity) return `> ${signed(bin.from)} %`;
  if (bin.from === -bin.to) return `±${bin.to}`;
  return `${signed(bin.from)}…${signed(bin.to)}`;
}

const wholeRows = (value: number) => (Number.isInteger(value) ? String(value) : '');

/**
 * The shown batch's rows as a distribution: how many got how much slower or faster than in the baseline, as bars
 * (the chart library loads with the first chart) and as a table with the same counts.
 */
export function DurationDistribution({ rows }: { rows: readonly ComparedRow[] }) {
  const { bins, x, y, xText } = useMemo(() => {
    const counted = changeBins(durationChanges(rows));
    return {
      bins: counted,
      x: counted.map((_bin, at) => at),
      y: counted.map((bin) => bin.rows),
      xText: (at: number) => tick(counted[at]),
    };
  }, [rows]);
  const total = y.reduce((sum, value) => sum + value, 0);
  if (total === 0) return null;
  const label = `Duration change per row against the baseline: ${total} row${total === 1 ? '' : 's'} with a duration on both sides`;
  return (
    <details className="duration-distribution" open>
      <summary>{label}</summary>
      <figure className="trend-figure">
        <figcaption>Rows by duration change</figcaption>
        <Chart label={label} kind="bars" x={x} y={y} colour="interrupted" xText={xText} yText={wholeRows} />
      </figure>
      <table className="trend-table">
        <caption>Rows by duration change</caption>
        <thead>
          <tr>
            <th scope="col">Duration change</th>
            <th scope="col">Rows</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((bin) => (
            <tr key={bin.label}>
              <th scope="row">{bin.label}</th>
              <td>{bin.rows}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
