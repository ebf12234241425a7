import { z } from 'zod';
import { executionBody, type ExecutionBody } from '@/domain/workflows/request/execution-request';
import { mergeTags } from '@/domain/workflows/request/tags';

const batchRowStatusSchema = z.enum(['queued', 'running', 'waiting', 'succeeded', 'failed', 'cancelled']);
/** `waiting`: the row's execution paused for a person (Interrupted); it holds no slot until it is continued. */
export type BatchRowStatus = z.output<typeof batchRowStatusSchema>;

const batchRowSchema = z.object({
  /** Position in the batch, from 0. */
  index: z.number(),
  input: z.string(),
  /** This row's own tags; the batch's common tags are added when it is launched. */
  tags: z.array(z.string()).readonly(),
  status: batchRowStatusSchema,
  executionId: z.string().optional(),
  error: z.string().optional(),
  output: z.string().optional(),
  /** A waiting row someone asked to continue (with this message, if any): it goes on when a slot is free. */
  continuation: z.object({ message: z.string().optional() }).optional(),
});
export type BatchRow = z.output<typeof batchRowSchema>;

const batchStateSchema = z.enum(['running', 'paused', 'cancelled', 'done']);

/** A batch as the console runs it and keeps it in IndexedDB (read back through this schema). */
export const batchSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  rows: z.array(batchRowSchema).readonly(),
  /** How many rows may run at once. */
  concurrency: z.number(),
  state: batchStateSchema,
  commonTags: z.array(z.string()).readonly(),
  /** One session for every row, so the trace view shows the batch together; without it each run has its own. */
  sessionId: z.string().optional(),
});
export type Batch = z.output<typeof batchSchema>;

export interface BatchInput {
  input: string;
  tags?: readonly string[];
}

export interface NewBatch {
  id: string;
  workflowId: string;
  inputs: readonly BatchInput[];
  concurrency: number;
  commonTags?: readonly string[];
  sessionId?: string;
}

/** How a row ended; a failure always says why. */
export type RowOutcome =
  | { status: 'succeeded'; executionId?: string; output?: string }
  | { status: 'waiting'; executionId?: string; output?: string; error?: string }
  | { status: 'failed'; error: string; executionId?: string; output?: string }
  | { status: 'cancelled'; error?: string; executionId?: string };

export interface BatchCounts {
  queued: number;
  running: number;
  waiting: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  total: number;
}

// Ten at once keeps a batch from crowding out everyone else's runs on a shared server.
export const batchLimits = { concurrency: 10, rows: 1000 } as const;

const clampConcurrency = (value: number) =>
  Number.isFinite(value) ? Math.min(batchLimits.concurrency, Math.max(1, Math.floor(value))) : 1;

/** A batch whose rows all wait to start. Concurrency is held to 1…10 whatever is asked. */
export function createBatch(spec: NewBatch): Batch {
  const batch: Batch = {
    id: spec.id,
    workflowId: spec.workflowId,
    rows: spec.inputs.map((item, index) => ({
      index,
      input: item.input,
      tags: [...(item.tags ?? [])],
      status: 'queued',
    })),
    concurrency: clampConcurrency(spec.concurrency),
    state: 'running',
    commonTags: [...(spec.commonTags ?? [])],
    ...(spec.sessionId ? { sessionId: spec.sessionId } : {}),
  };
  return settle(batch);
}

export function counts(batch: Batch): BatchCounts {
  const tally: BatchCounts = {
    queued: 0,
    running: 0,
    waiting: 0,
    succeeded: 0,
    failed: 0,
    cancelled: 0,
    total: batch.rows.length,
  };
  for (const row of batch.rows) tally[row.status] += 1;
  return tally;
}

/**
 * A batch with nothing left to start, follow or continue is done; a cancelled one stays cancelled, to say how it
 * ended. Rows waiting for a person keep it open.
 */
function settle(batch: Batch): Batch {
  if (batch.state === 'cancelled' || batch.state === 'done') return batch;
  const { queued, running, waiting } = counts(batch);
  return queued === 0 && running === 0 && waiting === 0 ? { ...batch, state: 'done' } : batch;
}

function updateRow(batch: Batch, index: number, change: (row: BatchRow) => BatchRow | null): Batch {
  const row = batch.rows[index];
  const changed = row ? change(row) : null;
  if (!changed) return batch;
  return settle({ ...batch, rows: batch.rows.map((item) => (item.index === index ? changed : item)) });
}

/** Stopping a cancelled batch's run failed on the server: the row says so, in whatever state it is. */
export function rowNotStopped(batch: Batch, index: number, reason: string): Batch {
  return updateRow(batch, index, (row) => ({ ...row, error: `Not stopped on the server: ${reason}` }));
}

/** The rows to launch now: the first queued ones, as many as free slots allow; none unless the batch runs. */
export function nextToStart(batch: Batch): number[] {
  if (batch.state !== 'running') return [];
  const free = batch.concurrency - counts(batch).running;
  if (free <= 0) return [];
  return batch.rows
    .filter((row) => row.status === 'queued')
    .slice(0, free)
    .map((row) => row.index);
}

/**
 * A row's launch began. Refused (the same batch comes back) unless the row is queued, the batch runs and a
 * slot is free, so no sequence of calls can run more than `concurrency` rows at once.
 */
export function rowStarted(batch: Batch, index: number): Batch {
  if (batch.state !== 'running' || counts(batch).running >= batch.concurrency) return batch;
  return updateRow(batch, index, (row) => (row.status === 'queued' ? { ...row, status: 'running' } : null));
}

/** The server accepted the row's execution: its id is kept so the run can be followed, even after a reload. */
export function rowLaunched(batch: Batch, index: number, executionId: string): Batch {
  return updateRow(batch, index, (row) => (row.status === 'running' ? { ...row, executionId } : null));
}

/** A running row ended, or paused for a person. Late news for a row that is not running is ignored. */
export function rowFinished(batch: Batch, index: number, outcome: RowOutcome): Batch {
  return updateRow(batch, index, (row) => {
    if (row.status !== 'running') return null;
    const { index: position, input, tags } = row;
    const executionId = outcome.executionId ?? row.executionId;
    // A run that paused for the person after the batch was cancelled is not continued by it: the row ends cancelled.
    const status = outcome.status === 'waiting' && batch.state === 'cancelled' ? 'cancelled' : outcome.status;
    return {
      index: position,
      input,
      tags,
      status,
      ...(executionId ? { executionId } : {}),
      ...('error' in outcome && outcome.error !== undefined ? { error: outcome.error } : {}),
      ...('output' in outcome && outcome.output !== undefined ? { output: outcome.output } : {}),
    };
  });
}

/**
 * Waiting rows to continue now: those someone asked to continue, oldest first, as many as free slots allow. Unlike
 * new rows they go on while the batch is paused (continuing is a person's explicit choice), never past the limit.
 */
export function nextToContinue(batch: Batch): number[] {
  if (batch.state === 'cancelled' || batch.state === 'done') return [];
  const free = batch.concurrency - counts(batch).running;
  if (free <= 0) return [];
  return batch.rows
    .filter((row) => row.status === 'waiting' && row.continuation)
    .slice(0, free)
    .map((row) => row.index);
}

/** Asks for waiting rows to go on (all of them, or the given ones), each with the same message if one is given. */
export function continueWaiting(batch: Batch, message?: string, only?: readonly number[]): Batch {
  const continuation = message?.trim() ? { message } : {};
  let changed = false;
  const rows = batch.rows.map((row) => {
    if (row.status !== 'waiting' || (only && !only.includes(row.index))) return row;
    changed = true;
    return { ...row, continuation };
  });
  return changed ? { ...batch, rows } : batch;
}

/**
 * A waiting row's execution goes on: it runs again (its execution kept). Not held to the limit, because the run may
 * have been continued from its own page: the batch follows what the server does.
 */
export function rowResumed(batch: Batch, index: number): Batch {
  return updateRow(batch, index, (row) => {
    if (row.status !== 'waiting') return null;
    const { continuation: _asked, error: _previous, output: _paused, ...rest } = row;
    return { ...rest, status: 'running' };
  });
}

/** Stops launching new rows; running ones go on. */
export const pause = (batch: Batch): Batch => (batch.state === 'running' ? { ...batch, state: 'paused' } : batch);

export const resume = (batch: Batch): Batch =>
  batch.state === 'paused' ? settle({ ...batch, state: 'running' }) : batch;

/**
 * Queued and waiting rows will not run. Running rows are left to finish (aborting them, and the waiting ones, on
 * the server is the feature's part).
 */
export function cancel(batch: Batch): Batch {
  if (batch.state === 'cancelled' || batch.state === 'done') return batch;
  return {
    ...batch,
    state: 'cancelled',
    rows: batch.rows.map((row) => {
      if (row.status === 'queued') return { ...row, status: 'cancelled' };
      if (row.status !== 'waiting') return row;
      const { continuation: _asked, ...rest } = row;
      return { ...rest, status: 'cancelled', error: 'Cancelled while waiting for you.' };
    }),
  };
}

/** The row as it was before any launch (no execution, error or output), in the given status. */
const fresh = (row: BatchRow, status: BatchRowStatus): BatchRow => ({
  index: row.index,
  input: row.input,
  tags: row.tags,
  status,
});

/** Failed rows wait to run again, with their old execution forgotten; the batch runs again if any did. */
export function retryFailed(batch: Batch): Batch {
  if (!batch.rows.some((row) => row.status === 'failed')) return batch;
  const rows = batch.rows.map((row) => (row.status === 'failed' ? fresh(row, 'queued') : row));
  return { ...batch, rows, state: 'running' };
}

/**
 * Brings back a batch saved when the page closed. A running row with an execution id is still running on the
 * server: it stays running and is listed in `follow`, for the feature to poll until it ends. A running row
 * without one was being launched: whether the server got the request is unknown, so it waits in the queue
 * again (a rare duplicate run is better than a row that silently never runs), or is cancelled if the batch
 * was. A batch that was running comes back paused: launching more runs is left to the user, who may have closed the page to stop them.
 */
export function resumeAfterReload(batch: Batch): { batch: Batch; follow: number[] } {
  const unsent = batch.state === 'cancelled' ? 'cancelled' : 'queued';
  const rows = batch.rows.map((row) => (row.status === 'running' && !row.executionId ? fresh(row, unsent) : row));
  const follow = rows.filter((row) => row.status === 'running').map((row) => row.index);
  const state = batch.state === 'running' ? 'paused' : batch.state;
  return { batch: settle({ ...batch, rows, state }), follow };
}

/** The start body for one row: its input, the common tags then its own, and the batch's session. */
export function rowBody(batch: Batch, index: number): ExecutionBody | null {
  const row = batch.rows[index];
  if (!row) return null;
  const tags = mergeTags(batch.commonTags, row.tags);
  return executionBody({ userInput: row.input, tags, sessionId: batch.sessionId ?? '', fileName: '' });
}
