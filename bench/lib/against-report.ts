// Two consoles compared in one run (../against.ts): the rows of one streamed 200 KB answer that "no speed lost"
// is judged on, each as the median of the runs of each side. A row is worse when this code's median is beyond
// the other code's whole spread (its worst run): one machine's run-to-run noise is not a loss.
import type { StreamResult } from './measures/stream-measure';
import type { HeapParts } from './measures/page-measures';
import { median, round } from './stats';

export type Streamed = StreamResult & { heapMb: number; heap: HeapParts };

interface Row {
  label: string;
  unit: string;
  /** Which way is better. */
  better: 'lower' | 'higher';
  value(result: Streamed): number;
}

const perUpdate = (kb: number): Row => ({
  label: `main-thread per update at ${kb} KB`,
  unit: 'ms',
  better: 'lower',
  value: (result) => result.windows.find((window) => window.kb === kb)?.taskMs ?? Number.NaN,
});

export const comparedRows = (windowsKb: readonly number[]): Row[] => [
  ...windowsKb.map(perUpdate),
  { label: 'long tasks while streaming', unit: '', better: 'lower', value: (result) => result.longTasks },
  { label: 'longest task while streaming', unit: 'ms', better: 'lower', value: (result) => result.longestTaskMs },
  { label: 'chunk sent → painted, median', unit: 'ms', better: 'lower', value: (result) => result.latencyMedianMs },
  { label: 'chunk sent → painted, p95', unit: 'ms', better: 'lower', value: (result) => result.latencyP95Ms },
  { label: 'frames per second while streaming', unit: 'fps', better: 'higher', value: (result) => result.fps },
  {
    label: 'main thread busy while streaming',
    unit: '%',
    better: 'lower',
    value: (result) => result.busyShare * 100,
  },
  { label: 'heap after the answer (page and workers)', unit: 'MB', better: 'lower', value: (result) => result.heapMb },
  { label: '… of which the page', unit: 'MB', better: 'lower', value: (result) => result.heap.pageMb },
  { label: '… of which its workers', unit: 'MB', better: 'lower', value: (result) => result.heap.workersMb },
  {
    label: '… of which the highlighter worker',
    unit: 'MB',
    better: 'lower',
    value: (result) => result.heap.highlighterMb,
  },
];

export interface Compared {
  label: string;
  unit: string;
  head: number;
  headRuns: number[];
  ref: number;
  refRuns: number[];
  /** Beyond the other code's worst run; undefined when either side has no figure. */
  worse: boolean | undefined;
}

const finite = (values: readonly number[]) => values.filter((value) => Number.isFinite(value));

export function compare(rows: readonly Row[], head: readonly Streamed[], ref: readonly Streamed[]): Compared[] {
  return rows.map((row) => {
    const headRuns = finite(head.map(row.value));
    const refRuns = finite(ref.map(row.value));
    const [headMedian, refMedian] = [median(headRuns), median(refRuns)];
    const worst = row.better === 'lower' ? Math.max(...refRuns) : Math.min(...refRuns);
    const worse =
      headRuns.length === 0 || refRuns.length === 0
        ? undefined
        : row.better === 'lower'
          ? headMedian > worst
          : headMedian < worst;
    return { label: row.label, unit: row.unit, head: headMedian, headRuns, ref: refMedian, refRuns, worse };
  });
}

const figure = (value: number, unit: string) =>
  Number.isFinite(value) ? `${round(value, value >= 100 ? 0 : 1)} ${unit}`.trim() : 'n/a';
const spread = (runs: readonly number[]) =>
  runs.length > 1 ? ` (${round(Math.min(...runs), 1)}–${round(Math.max(...runs), 1)})` : '';

export function comparisonTable(rows: readonly Compared[], headName: string, refName: string): string {
  const lines = rows.map(
    (row) =>
      `| ${row.label} | ${figure(row.head, row.unit)}${spread(row.headRuns)} | ${figure(row.ref, row.unit)}${spread(row.refRuns)} | ${row.worse === undefined ? 'n/a' : row.worse ? '**worse**' : 'no worse'} |`,
  );
  return [`| row | ${headName} | ${refName} | verdict |`, '| --- | ---: | ---: | --- |', ...lines].join('\n');
}
