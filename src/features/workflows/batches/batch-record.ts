import { z } from 'zod';
import type { Batch } from '@/domain/workflows/batches/batch';

// A batch as this console keeps it in IndexedDB, read back through this schema so a record written by an
// older console (or damaged) is refused rather than half-shown.

const rowSchema = z.object({
  index: z.number(),
  input: z.string(),
  tags: z.array(z.string()),
  status: z.enum(['queued', 'running', 'waiting', 'succeeded', 'failed', 'cancelled']),
  executionId: z.string().optional(),
  error: z.string().optional(),
  output: z.string().optional(),
  continuation: z.object({ message: z.string().optional() }).optional(),
});

const batchSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  rows: z.array(rowSchema),
  concurrency: z.number(),
  state: z.enum(['running', 'paused', 'cancelled', 'done']),
  commonTags: z.array(z.string()),
  sessionId: z.string().optional(),
});

export const batchRecordSchema = z.object({
  id: z.string(),
  workflowName: z.string(),
  createdAt: z.number(),
  batch: batchSchema,
  /** The page closed while this batch still had rows to launch: ask before going on. */
  interrupted: z.boolean().optional(),
});

export interface BatchRecord {
  id: string;
  workflowName: string;
  createdAt: number;
  batch: Batch;
  interrupted?: boolean;
}

export function readBatchRecord(stored: unknown): BatchRecord | null {
  const parsed = batchRecordSchema.safeParse(stored);
  if (!parsed.success) return null;
  const { interrupted, ...rest } = parsed.data;
  return { ...rest, batch: stripUndefined(rest.batch), ...(interrupted ? { interrupted } : {}) };
}

// zod's optional fields come back as `key?: T | undefined`; the domain type is exact about optional keys.
function stripUndefined(batch: z.output<typeof batchSchema>): Batch {
  const { sessionId, rows, ...rest } = batch;
  return {
    ...rest,
    rows: rows.map(({ executionId, error, output, continuation, ...row }) => ({
      ...row,
      ...(continuation !== undefined
        ? { continuation: continuation.message !== undefined ? { message: continuation.message } : {} }
        : {}),
      ...(executionId !== undefined ? { executionId } : {}),
      ...(error !== undefined ? { error } : {}),
      ...(output !== undefined ? { output } : {}),
    })),
    ...(sessionId !== undefined ? { sessionId } : {}),
  };
}
