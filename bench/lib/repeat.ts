// Repeated runs (`npm run bench:browser -- --repeat N`): one machine's run-to-run noise moves the rows near their line,
// so every scenario runs N times (ours and the baseline interleaved in each run) and the table shows the median of
// each row, with the spread of ours, and judges the targets on the median.
import type { Metric } from './report';
import { median, round } from './stats';

/** `--repeat N` from the command line (at most 20); one run without it, or for anything but a whole number. */
export function repeatsOf(argv: readonly string[]): number {
  const at = argv.indexOf('--repeat');
  const asked = at >= 0 ? Number(argv[at + 1]) : 1;
  if (!Number.isInteger(asked) || asked < 1) return 1;
  return Math.min(asked, 20);
}

const finite = (values: readonly number[]) => values.filter((value) => Number.isFinite(value));

/**
 * Each row as the median of its runs (a run that did not produce it does not count; none did: not a number), the
 * spread of ours (lowest–highest) said beside it. One run is given back as it is.
 */
export function medianOfRuns(runs: readonly (readonly Metric[])[]): Metric[] {
  const [first] = runs;
  if (!first) return [];
  if (runs.length === 1) return [...first];
  return first.map((row) => {
    const same = runs.flatMap((run) => run.filter((metric) => metric.id === row.id));
    const ours = finite(same.map((metric) => metric.ours));
    const baseline = finite(same.map((metric) => metric.baseline));
    const [low, high] = [round(Math.min(...ours), 1), round(Math.max(...ours), 1)];
    const spread =
      ours.length <= 1
        ? `(${ours.length} of ${runs.length} runs produced it)`
        : low === high
          ? `(the same in ${ours.length} runs)`
          : `(median of ${ours.length} runs; ours ${low}–${high} ${row.unit})`;
    return {
      ...row,
      ours: ours.length ? median(ours) : Number.NaN,
      baseline: baseline.length ? median(baseline) : Number.NaN,
      note: [row.note, spread].filter(Boolean).join(' '),
    };
  });
}
