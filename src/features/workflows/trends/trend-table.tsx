import { Link } from '@tanstack/react-router';
import type { TrendPoint } from '@/domain/workflows/trends/batch-trend';
import { batchLabel, batchTime } from '@/domain/workflows/batches/batch-name';
import { durationFigure, passText, tokensFigure } from './trend-format';

/** The workflow's batches, newest first, with the figures the charts draw: the charts' accessible alternative. */
export function TrendTable({ points }: { points: readonly TrendPoint[] }) {
  return (
    <div className="trend-table-scroll">
      <table className="trend-table">
        <caption>Batches, newest first: the figures the charts draw</caption>
        <thead>
          <tr>
            <th scope="col">Batch</th>
            <th scope="col">Started</th>
            <th scope="col">Rows</th>
            <th scope="col">Pass rate</th>
            <th scope="col">Median duration</th>
            <th scope="col">Total tokens</th>
          </tr>
        </thead>
        <tbody>
          {[...points].reverse().map((point) => (
            <tr key={point.id}>
              <th scope="row">
                <Link to="/workflows/batches/$batchId" params={{ batchId: point.id }}>
                  {batchLabel(point)}
                </Link>
              </th>
              <td>{batchTime(point)}</td>
              <td>{point.rows}</td>
              <td>{passText(point)}</td>
              <td>{durationFigure(point)}</td>
              <td>{tokensFigure(point)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
