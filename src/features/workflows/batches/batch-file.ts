import { z } from 'zod';
import { runSchema, type Run } from '@/features/workflows/saved-runs/run';
import { readBatchRecord, type BatchRecord } from './batch-record';

// A batch as one JSON file, to take it to another browser (or keep it): its record (rows, results, the person's
// verdicts) and the runs its rows became (durations, tokens, costs, outputs), so a comparison there is whole.

const format = 'assistant-console.batch';

const batchFileSchema = z.object({
  format: z.literal(format),
  version: z.literal(1),
  batch: z.unknown(),
  runs: z.array(z.unknown()),
});

/** The batch and its runs as the file's text. */
export function batchFileText(record: BatchRecord, runs: readonly Run[]): string {
  const own = runs.filter((run) => run.batchId === record.id);
  return JSON.stringify({ format, version: 1, batch: record, runs: own }, null, 2);
}

/** Only a batch with nothing left to run travels: its rows are not followed on the server any more. */
export const exportable = (record: BatchRecord): boolean =>
  record.batch.state === 'done' || record.batch.state === 'cancelled';

export type ReadBatchFile = { ok: true; record: BatchRecord; runs: Run[] } | { ok: false; problem: string };

/**
 * A batch file read back: the record checked as a stored one is, and finished; its runs checked one by one (one that
 * cannot be read, or of another batch, is left out).
 */
export function readBatchFile(text: string): ReadBatchFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'This file is not JSON: choose a batch exported with “Export batch (JSON)”.' };
  }
  const file = batchFileSchema.safeParse(json);
  if (!file.success) {
    return { ok: false, problem: 'This file is not a batch exported by this console (“Export batch (JSON)”).' };
  }
  const record = readBatchRecord(file.data.batch);
  if (!record)
    return { ok: false, problem: 'The batch in this file is damaged or from a console too different to read.' };
  const runs = file.data.runs.flatMap((entry) => {
    const run = runSchema.safeParse(entry);
    return run.success && run.data.batchId === record.id ? [run.data] : [];
  });
  if (!exportable(record))
    return { ok: false, problem: 'The batch in this file had not finished: export it once it has.' };
  return { ok: true, record, runs };
}
