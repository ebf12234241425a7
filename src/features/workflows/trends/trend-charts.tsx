import { useMemo } from 'react';
import type { TrendPoint } from '@/domain/workflows/trends/batch-trend';
import { Chart } from './lazy-chart';
import { countText, percentText, secondsText } from './trend-format';

const full: readonly [number, number] = [0, 100];

/** Pass rate, median duration and total tokens per batch over time: three small charts, one measure each. */
export function TrendCharts({ points }: { points: readonly TrendPoint[] }) {
  const series = useMemo(() => {
    const x = points.map((point) => point.createdAt / 1000);
    const y = (figure: (point: TrendPoint) => number | undefined) => points.map((point) => figure(point) ?? null);
    return {
      x,
      pass: y((point) => (point.passRate === undefined ? undefined : point.passRate * 100)),
      duration: y((point) => (point.medianDurationMs === undefined ? undefined : point.medianDurationMs / 1000)),
      tokens: y((point) => point.totalTokens),
    };
  }, [points]);
  const count = `${points.length} batch${points.length === 1 ? '' : 'es'}, oldest to newest`;
  return (
    <div className="trend-charts">
      <figure className="trend-figure">
        <figcaption>Pass rate</figcaption>
        <Chart
          label={`Pass rate per batch over time, ${count}`}
          kind="line"
          x={series.x}
          y={series.pass}
          colour="success"
          yText={percentText}
          yRange={full}
        />
      </figure>
      <figure className="trend-figure">
        <figcaption>Median duration</figcaption>
        <Chart
          label={`Median row duration per batch over time, ${count}`}
          kind="line"
          x={series.x}
          y={series.duration}
          colour="running"
          yText={secondsText}
        />
      </figure>
      <figure className="trend-figure">
        <figcaption>Total tokens</figcaption>
        <Chart
          label={`Total tokens per batch over time, ${count}`}
          kind="line"
          x={series.x}
          y={series.tokens}
          colour="accent"
          yText={countText}
        />
      </figure>
    </div>
  );
}
