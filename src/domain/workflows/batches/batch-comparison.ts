import { diffText, type LineDiff } from '@/domain/diff/text-diff';
import type { BatchRowStatus } from './batch';

// The row filter lives apart: an address reads it without the text diff (and its library) this module brings.
export type { RowFilter } from './row-filter';

// A later batch of a workflow against an earlier one (the baseline): rows aligned by their input, each pair with
// what changed (status, output, duration, tokens, cost), and the totals. Pure, so the page only draws it.

/** One row of a batch as compared: what it was asked, how it ended, what its run reported. */
export interface SideRow {
  /** Position in its batch, from 0. */
  index: number;
  input: string;
  status: BatchRowStatus;
  output?: string;
  /** Milliseconds from start to end of its run, when both are known. */
  durationMs?: number;
  /** Input plus output tokens, when the server reported them. */
  tokens?: number;
  /** Money spent, when the server reported it. */
  cost?: number;
  runId?: string;
}

export interface BatchSide {
  id: string;
  workflowId: string;
  workflowName: string;
  /** The person's name for the batch ("prompt v2"), when it has one. */
  name?: string;
  createdAt: number;
  /** Nothing left to run: done or cancelled. */
  finished: boolean;
  rows: readonly SideRow[];
}

/**
 * `regression`: succeeded in the baseline, failed or cancelled now; `fixed`: the other way round; `changed`: the
 * input was edited, or the status or output differ; `pending`: a side has not finished the row yet.
 */
export type RowChange = 'same' | 'changed' | 'regression' | 'fixed' | 'added' | 'removed' | 'pending';

export interface ComparedRow {
  baseline?: SideRow;
  candidate?: SideRow;
  change: RowChange;
  /** Paired by position, not by input: the row's input was edited between the batches. */
  inputEdited: boolean;
  statusChanged: boolean;
  output: LineDiff;
  /** Candidate minus baseline, only where both sides report the value. */
  durationDeltaMs?: number;
  tokensDelta?: number;
  costDelta?: number;
}

/** A metric over the whole batch: each side's sum over the rows that report it, and the change over the pairs that both do. */
export interface MetricTotal {
  baseline?: number;
  candidate?: number;
  /** Sum of the per-row deltas; absent when no aligned pair reports the metric on both sides. */
  delta?: number;
  /** Aligned pairs whose delta is counted. */
  compared: number;
}

export type ChangeCounts = Record<RowChange, number>;

export interface BatchComparison {
  rows: ComparedRow[];
  counts: ChangeCounts;
  duration: MetricTotal;
  tokens: MetricTotal;
  cost: MetricTotal;
}

const finishedStatuses: ReadonlySet<BatchRowStatus> = new Set(['succeeded', 'failed', 'cancelled']);
const bad: ReadonlySet<BatchRowStatus> = new Set(['failed', 'cancelled']);

interface Pair {
  baseline?: SideRow;
  candidate?: SideRow;
  inputEdited: boolean;
}

/**
 * Pairs rows by input: the n-th row with an input in the baseline goes with the n-th row with the same input in the
 * candidate. What is left pairs by position when both batches left a row there (an input edited in place); the
 * rest is removed (baseline only) or added (candidate only). Candidate order, removed rows after the row they
 * followed in the baseline.
 */
export function alignRows(baseline: readonly SideRow[], candidate: readonly SideRow[]): Pair[] {
  const waiting = new Map<string, SideRow[]>();
  for (const row of baseline) waiting.set(row.input, [...(waiting.get(row.input) ?? []), row]);
  const partnerOf = new Map<SideRow, SideRow>();
  const taken = new Set<SideRow>();
  for (const row of candidate) {
    const match = waiting.get(row.input)?.shift();
    if (match) {
      partnerOf.set(row, match);
      taken.add(match);
    }
  }
  const leftBaseline = new Map(baseline.filter((row) => !taken.has(row)).map((row) => [row.index, row]));
  const edited = new Set<SideRow>();
  for (const row of candidate) {
    if (partnerOf.has(row)) continue;
    const match = leftBaseline.get(row.index);
    if (!match) continue;
    partnerOf.set(row, match);
    taken.add(match);
    edited.add(row);
    leftBaseline.delete(row.index);
  }
  const pairs: Pair[] = candidate.map((row) => {
    const partner = partnerOf.get(row);
    return { ...(partner ? { baseline: partner } : {}), candidate: row, inputEdited: edited.has(row) };
  });
  // Each removed row goes after the pair holding the baseline row just before it (or first when none does).
  const slotOf = new Map<number, number>();
  pairs.forEach((pair, at) => pair.baseline && slotOf.set(pair.baseline.index, at));
  const removed = baseline.filter((row) => !taken.has(row));
  const result = [...pairs];
  for (const row of [...removed].reverse()) {
    const before = baseline.filter((other) => other.index < row.index && slotOf.has(other.index)).at(-1);
    const at = before === undefined ? 0 : result.indexOf(pairs[slotOf.get(before.index) as number] as Pair) + 1;
    result.splice(at, 0, { baseline: row, inputEdited: false });
  }
  return result;
}

const delta = (before: number | undefined, after: number | undefined) =>
  before !== undefined && after !== undefined ? after - before : undefined;

function changeOf(pair: Pair, statusChanged: boolean, output: LineDiff): RowChange {
  const { baseline, candidate } = pair;
  if (!baseline) return 'added';
  if (!candidate) return 'removed';
  if (!finishedStatuses.has(baseline.status) || !finishedStatuses.has(candidate.status)) return 'pending';
  if (baseline.status === 'succeeded' && bad.has(candidate.status)) return 'regression';
  if (bad.has(baseline.status) && candidate.status === 'succeeded') return 'fixed';
  return pair.inputEdited || statusChanged || !output.identical ? 'changed' : 'same';
}

export function compareRow(pair: Pair): ComparedRow {
  const { baseline, candidate } = pair;
  const output = diffText(baseline?.output ?? '', candidate?.output ?? '');
  const statusChanged = Boolean(baseline && candidate) && baseline?.status !== candidate?.status;
  const durationDeltaMs = delta(baseline?.durationMs, candidate?.durationMs);
  const tokensDelta = delta(baseline?.tokens, candidate?.tokens);
  const costDelta = delta(baseline?.cost, candidate?.cost);
  return {
    ...(baseline ? { baseline } : {}),
    ...(candidate ? { candidate } : {}),
    change: changeOf(pair, statusChanged, output),
    inputEdited: pair.inputEdited,
    statusChanged,
    output,
    ...(durationDeltaMs !== undefined ? { durationDeltaMs } : {}),
    ...(tokensDelta !== undefined ? { tokensDelta } : {}),
    ...(costDelta !== undefined ? { costDelta } : {}),
  };
}

const sum = (values: readonly (number | undefined)[]) => {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length > 0 ? known.reduce((total, value) => total + value, 0) : undefined;
};

function total(
  baseline: BatchSide,
  candidate: BatchSide,
  rows: readonly ComparedRow[],
  metric: 'durationMs' | 'tokens' | 'cost',
  deltaOf: (row: ComparedRow) => number | undefined,
): MetricTotal {
  const deltas = rows.map(deltaOf).filter((value): value is number => value !== undefined);
  const before = sum(baseline.rows.map((row) => row[metric]));
  const after = sum(candidate.rows.map((row) => row[metric]));
  const change = sum(deltas);
  return {
    ...(before !== undefined ? { baseline: before } : {}),
    ...(after !== undefined ? { candidate: after } : {}),
    ...(change !== undefined ? { delta: change } : {}),
    compared: deltas.length,
  };
}

/** Why two batches cannot be compared, in words a person can act on; null when they can. */
export function comparisonProblem(baseline: BatchSide, candidate: BatchSide): string | null {
  if (baseline.id === candidate.id) return 'A batch cannot be its own baseline: pick an earlier one.';
  if (baseline.workflowId !== candidate.workflowId) {
    return `Batches of different workflows cannot be compared: the baseline ran ${baseline.workflowName}, this batch ran ${candidate.workflowName}.`;
  }
  if (!baseline.finished) return 'The baseline has not finished: pick a finished batch as the baseline.';
  return null;
}

export function compareBatches(baseline: BatchSide, candidate: BatchSide): BatchComparison {
  const rows = alignRows(baseline.rows, candidate.rows).map(compareRow);
  const counts: ChangeCounts = { same: 0, changed: 0, regression: 0, fixed: 0, added: 0, removed: 0, pending: 0 };
  for (const row of rows) counts[row.change] += 1;
  return {
    rows,
    counts,
    duration: total(baseline, candidate, rows, 'durationMs', (row) => row.durationDeltaMs),
    tokens: total(baseline, candidate, rows, 'tokens', (row) => row.tokensDelta),
    cost: total(baseline, candidate, rows, 'cost', (row) => row.costDelta),
  };
}

/** A batch as the baseline choice sees it. */
export interface BatchSummary {
  id: string;
  workflowId: string;
  createdAt: number;
  finished: boolean;
}

/**
 * Batches that can be the baseline of the compared ones: finished, of their workflow, started before all of them;
 * the newest first (the last run before a change is the usual reference). With none compared, every finished batch.
 */
export const eligibleBaselines = <T extends BatchSummary>(all: readonly T[], compared: readonly BatchSummary[]): T[] =>
  all
    .filter(
      (batch) =>
        batch.finished &&
        compared.every(
          (other) =>
            other.id !== batch.id && other.workflowId === batch.workflowId && batch.createdAt < other.createdAt,
        ),
    )
    .sort((a, b) => b.createdAt - a.createdAt);
