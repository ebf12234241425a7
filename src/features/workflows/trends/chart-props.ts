import type { ChartColour } from './chart-colours';

/** One series drawn over x: a line over time (x in seconds since 1970) or bars over categories (x = 0, 1, 2…). */
export interface ChartProps {
  /** What the chart shows, as a screen reader announces it; the same figures are in a table beside it. */
  label: string;
  kind: 'line' | 'bars';
  x: readonly number[];
  /** null: not known for that x (a gap in the line, no bar). */
  y: readonly (number | null)[];
  colour: ChartColour;
  /** How an x tick reads (a category's name for bars; times are formatted by the chart). */
  xText?: (x: number) => string;
  yText: (y: number) => string;
  /** A fixed y range (0…100 for a rate); otherwise from 0 to the data's top. */
  yRange?: readonly [number, number];
}
