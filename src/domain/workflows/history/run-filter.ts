import { canonicalStatus } from '@/domain/workflows/run/execution-status';

/** One state's output as kept with a run. */
export interface RunOutput {
  stateId: string;
  name: string;
  output: string;
}

/**
 * A run as the runs history keeps it on this device; times are epoch milliseconds. Optional fields also accept
 * `undefined`, so records read through a schema (zod's optional gives `T | undefined`) fit as they are; the
 * feature's own record may carry more fields, which filterRuns keeps.
 */
export interface RunRecord {
  id: string;
  workflowId: string;
  workflowName: string;
  userInput: string;
  tags: readonly string[];
  sessionId?: string | undefined;
  fileName?: string | undefined;
  /** The header profile active at launch, by name. */
  profileName?: string | undefined;
  /** Missing while the start call is under way, or when it failed. */
  executionId?: string | undefined;
  /** The server's overall status as it wrote it, or one of the console's own (e.g. "Start failed"). */
  status: string;
  startedAt: number;
  finishedAt?: number | undefined;
  /** In the order the states ran; the last is the run's final output. */
  outputs?: readonly RunOutput[] | undefined;
  /** Set when the run was one row of a batch. */
  batchId?: string | undefined;
}

export interface RunFilter {
  tag?: string;
  sessionId?: string;
  workflowId?: string;
  status?: string;
  /** Words that must all appear, each in any of: input, tags, session, workflow name, execution id, file name. */
  text?: string;
}

const filterKeys = ['text', 'workflowId', 'status', 'tag', 'sessionId'] as const;

/** A filter from a page's search params: unknown keys and non-text values are left out, blanks too. */
export function filterFromSearch(search: Record<string, unknown>): RunFilter {
  const filter: RunFilter = {};
  for (const key of filterKeys) {
    const value = search[key];
    if (typeof value === 'string' && value.trim() !== '') filter[key] = value;
  }
  return filter;
}

const given = (value: string | undefined): string | null =>
  value === undefined || value.trim() === '' ? null : value.trim();

function matchesText(run: RunRecord, words: readonly string[]): boolean {
  const haystack = [
    run.userInput,
    ...run.tags,
    run.sessionId ?? '',
    run.workflowName,
    run.executionId ?? '',
    run.fileName ?? '',
  ]
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

// Status matches by meaning, so "in_progress" finds "In Progress"; an unknown status only matches itself.
const statusKey = (status: string) => canonicalStatus(status) ?? status.trim().toLowerCase();
const sameStatus = (a: string, b: string) => statusKey(a) === statusKey(b);

/**
 * The runs that pass every criterion given, newest first. Blank criteria are ignored. Tags match without regard
 * to case, as the tag field dedupes them; ids match exactly (they are ids).
 */
export function filterRuns<Run extends RunRecord>(runs: readonly Run[], filter: RunFilter): Run[] {
  const tag = given(filter.tag)?.toLowerCase() ?? null;
  const sessionId = given(filter.sessionId);
  const workflowId = given(filter.workflowId);
  const status = given(filter.status);
  const words = given(filter.text)?.toLowerCase().split(/\s+/) ?? [];
  return runs
    .filter(
      (run) =>
        (tag === null || run.tags.some((item) => item.toLowerCase() === tag)) &&
        (sessionId === null || run.sessionId === sessionId) &&
        (workflowId === null || run.workflowId === workflowId) &&
        (status === null || sameStatus(run.status, status)) &&
        matchesText(run, words),
    )
    .sort((a, b) => b.startedAt - a.startedAt);
}

/** The output of the last state that produced one, or '' when none has. */
export const finalOutput = (run: RunRecord): string => run.outputs?.at(-1)?.output ?? '';

const isoTime = (ms: number | undefined) =>
  ms === undefined || !Number.isFinite(ms) ? '' : new Date(ms).toISOString();

export const runsCsvHeader = [
  'started at',
  'finished at',
  'workflow',
  'workflow id',
  'execution id',
  'status',
  'session id',
  'tags',
  'input',
  'file name',
  'header profile',
  'final output',
] as const;

/** Rows for a CSV export, header first, in the order given; times in UTC ISO 8601, tags joined by ", ". */
export const runsCsvRows = (runs: readonly RunRecord[]): string[][] => [
  [...runsCsvHeader],
  ...runs.map((run) => [
    isoTime(run.startedAt),
    isoTime(run.finishedAt),
    run.workflowName,
    run.workflowId,
    run.executionId ?? '',
    run.status,
    run.sessionId ?? '',
    run.tags.join(', '),
    run.userInput,
    run.fileName ?? '',
    run.profileName ?? '',
    finalOutput(run),
  ]),
];
