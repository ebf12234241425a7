// How the runs history reads a run: its duration, when it started, what it cost, and batches kept together.

export interface RunTokens {
  input: number;
  output: number;
  /** money_spent, when the server counts it. */
  cost?: number | undefined;
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/** The tokens an execution record's `tokens_usage` reports, or null when it reports none (null until a state ends). */
export function tokensFromUsage(usage: unknown): RunTokens | null {
  if (typeof usage !== 'object' || usage === null) return null;
  const fields = usage as Record<string, unknown>;
  const input = count(fields['input_tokens']);
  const output = count(fields['output_tokens']);
  const cost = count(fields['money_spent']);
  return input === null && output === null
    ? null
    : { input: input ?? 0, output: output ?? 0, ...(cost !== null ? { cost } : {}) };
}

/** A duration as people read it in a dense column: "0.8 s", "42 s", "3 min 04 s", "2 h 05 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Milliseconds from start to end; a run still going counts up to `now`; an ended run with no end time has none. */
export function durationOf(
  run: { startedAt: number; endedAt?: number | undefined },
  running: boolean,
  now: number,
): number | null {
  if (run.endedAt !== undefined) return run.endedAt - run.startedAt;
  return running ? Math.max(0, now - run.startedAt) : null;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** When a run started, in the browser's zone: relative today ("5 min ago"), a short date and time before. */
export function startedLabel(startedAt: number, now: number, locale?: string): string {
  const start = new Date(startedAt);
  const ago = now - startedAt;
  if (sameDay(start, new Date(now)) && ago >= 0) {
    if (ago < 60_000) return 'just now';
    if (ago < 3_600_000) return `${Math.floor(ago / 60_000)} min ago`;
    return `${Math.floor(ago / 3_600_000)} h ago`;
  }
  const sameYear = start.getFullYear() === new Date(now).getFullYear();
  return start.toLocaleString(locale, {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The first non-blank line of a run's input, for a one-line cell. */
export const firstLine = (text: string): string =>
  text
    .split(/\r?\n/)
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

export type HistoryItem<Run> = { kind: 'run'; run: Run } | { kind: 'batch'; batchId: string; runs: Run[] };

/**
 * The runs as the history lists them, in the order given (newest first): the runs of one batch together, as one
 * item where the batch's newest run stands, instead of interleaved with the runs started meanwhile.
 */
export function groupByBatch<Run extends { batchId?: string | undefined }>(runs: readonly Run[]): HistoryItem<Run>[] {
  const items: HistoryItem<Run>[] = [];
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    if (run.batchId === undefined) {
      items.push({ kind: 'run', run });
      continue;
    }
    const group = groups.get(run.batchId);
    if (group) group.push(run);
    else {
      const members = [run];
      groups.set(run.batchId, members);
      items.push({ kind: 'batch', batchId: run.batchId, runs: members });
    }
  }
  return items;
}

/** How many of each kind, in the order the kinds were first met: "3 succeeded · 1 failed". */
export function tally<Kind extends string>(kinds: readonly Kind[]): Array<{ kind: Kind; count: number }> {
  const counts = new Map<Kind, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts.entries()].map(([kind, n]) => ({ kind, count: n }));
}
