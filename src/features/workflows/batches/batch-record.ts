import { z } from 'zod';
import { batchSchema } from '@/domain/workflows/batches/batch';
import { batchVerdictsSchema } from '@/domain/workflows/verdicts/verdicts';

// A batch as this console keeps it in IndexedDB, read back through this schema so a record written by an
// older console (or damaged) is refused rather than half-shown.

const batchRecordSchema = z.object({
  id: z.string(),
  workflowName: z.string(),
  /** The person's name for it ("prompt v2"); without one it is known by when it started. */
  name: z.string().optional(),
  createdAt: z.number(),
  batch: batchSchema,
  /** The page closed while this batch still had rows to launch: ask before going on. */
  interrupted: z.boolean().optional(),
  /**
   * What the person judged: each row's pass / fail and, against each baseline, each pair's better / same / worse.
   * Kept in the batch's own record, so it is the owner's alone and goes with the batch (deleted, cleared).
   */
  verdicts: batchVerdictsSchema.optional(),
});
export type BatchRecord = z.output<typeof batchRecordSchema>;

export function readBatchRecord(stored: unknown): BatchRecord | null {
  const parsed = batchRecordSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
