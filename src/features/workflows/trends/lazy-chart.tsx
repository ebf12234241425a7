import { moduleLoader } from '@/ui/module-loader';
import type { ChartProps } from './chart-props';
import './trends.css';

// The chart library is fetched the first time a chart is shown, never with a screen: see ./uplot-chart.
const chart = moduleLoader(() => import('./uplot-chart'));

/** A chart once its chunk is there; the same figures are always in the table beside it, so nothing waits on it. */
export function Chart(props: ChartProps) {
  const loaded = chart.useModule();
  if (loaded.status === 'failed') {
    return <p className="muted small">The chart could not be loaded: the table has the same figures.</p>;
  }
  if (loaded.status === 'loading') return <div className="trend-chart-canvas" aria-busy="true" />;
  const { UplotChart } = loaded.module;
  return <UplotChart {...props} />;
}
