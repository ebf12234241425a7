import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useChartColours } from './chart-colours';
import type { ChartProps } from './chart-props';

// Why uPlot: it is the smallest well-kept chart library that draws time series and bars (about 22 KB gzip, no
// dependencies, canvas, fast with thousands of points), against Observable Plot (d3 modules, well over 60 KB gzip)
// and visx (small pieces, but d3-scale and d3-shape plus our own axes and layout code). The trends page needs
// lines over time and one histogram, nothing uPlot lacks. This module is only reached through a dynamic import
// (./lazy-chart), so uPlot is a chunk of its own that only the pages drawing a chart fetch.

const height = 180;
const minWidth = 240;

const day = 86_400;

/**
 * Time ticks as wide as the span needs: seconds within an hour, minutes within two days, else the date; a tick that
 * reads like the one before it is left blank (uPlot's own two-line labels overlap on a small chart).
 */
function timeTicks(splits: number[], span: number): string[] {
  const format = new Intl.DateTimeFormat(
    undefined,
    span < 3600
      ? { hour: '2-digit', minute: '2-digit', second: '2-digit' }
      : span < 2 * day
        ? { hour: '2-digit', minute: '2-digit' }
        : { month: 'short', day: 'numeric' },
  );
  const texts = splits.map((split) => format.format(new Date(split * 1000)));
  return texts.map((text, at) => (at > 0 && texts[at - 1] === text ? '' : text));
}

/** A time range with room on both sides: a twelfth of the span, or a minute around a single batch. */
const padded = (min: number, max: number): [number, number] => {
  const pad = max > min ? (max - min) / 12 : 60;
  return [min - pad, max + pad];
};

/** One series, drawn on a canvas in the theme's colours, again when the theme or the figures change. */
export function UplotChart({ label, kind, x, y, colour, xText, yText, yRange }: ChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const colours = useChartColours();
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const stroke = colours[colour];
    const axis = (values: uPlot.Axis['values']): uPlot.Axis => ({
      stroke: colours.muted,
      grid: { stroke: colours.grid, width: 1 },
      ticks: { stroke: colours.grid, width: 1 },
      ...(values ? { values } : {}),
    });
    const bars = kind === 'bars';
    const barPaths = bars ? uPlot.paths.bars?.({ size: [0.7, 80] }) : undefined;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, minWidth),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        // Room beside the first and last batch, so their points are not cut in half at the edges.
        x: bars
          ? { time: false, range: [-0.5, x.length - 0.5] }
          : { time: true, range: (_plot, min, max) => padded(min, max) },
        y: { range: (_plot, _min, max) => (yRange ? [yRange[0], yRange[1]] : [0, max > 0 ? max * 1.1 : 1]) },
      },
      axes: [
        {
          ...axis(
            bars && xText
              ? (_plot, splits) => splits.map((split) => (Number.isInteger(split) ? xText(split) : ''))
              : (_plot, splits) => timeTicks(splits, (x.at(-1) ?? 0) - (x[0] ?? 0)),
          ),
          space: 70,
        },
        { ...axis((_plot, splits) => splits.map(yText)), size: 64 },
      ],
      series: [
        {},
        {
          label,
          stroke,
          width: 2,
          spanGaps: true,
          ...(bars
            ? { fill: stroke, points: { show: false }, ...(barPaths ? { paths: barPaths } : {}) }
            : { points: { show: true, size: 7, fill: stroke, stroke } }),
        },
      ],
    };
    const plot = new uPlot(options, [[...x], [...y]] as uPlot.AlignedData, element);
    // Drawn again only when the width changed (the observer also reports the size it starts with).
    const resize = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, minWidth);
      if (width !== plot.width) plot.setSize({ width, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [label, kind, x, y, colour, xText, yText, yRange, colours]);
  return <div ref={holder} className="trend-chart-canvas" role="img" aria-label={label} />;
}
