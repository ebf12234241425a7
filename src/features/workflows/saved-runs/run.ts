import { z } from 'zod';
import type { ExecutionRecord } from '@/api/workflows/workflow-schemas';
import { tokensFromUsage } from '@/domain/workflows/history/run-history';
import { serverTimeMs } from '@/domain/time/server-time';
import { isTerminal } from '@/domain/workflows/run/execution-status';
import { errorDescriptionSchema } from '@/domain/errors/describe-error';
import { forwardedHeadersSchema } from '@/domain/headers/forwarded-headers';
import { passJudgementSchema } from '@/domain/workflows/verdicts/verdicts';

// A workflow run as this console keeps it: what was asked, what the server answered, what followed.
// Read back from IndexedDB through this schema, so a record written by an older console is checked.

export const runSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  userInput: z.string(),
  tags: z.array(z.string()),
  /** The session id sent, if one was typed. */
  sessionId: z.string().optional(),
  /** The session the server filed the run under (the execution id when none was sent). */
  serverSessionId: z.string().optional(),
  fileName: z.string().optional(),
  forwarded: forwardedHeadersSchema.nullable(),
  executionId: z.string().optional(),
  /** The server's overall_status, or one of the console's own: Starting, Start failed. */
  status: z.string(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  error: errorDescriptionSchema.optional(),
  /**
   * The start call's answer, as it came: a receipt of the start, shown where the server offers no status. Later
   * reads of the execution (status, states, outputs) are the server's, read through queries and never kept here.
   */
  record: z.unknown().optional(),
  /** The last finished state's output: what the run produced. */
  finalOutput: z.string().optional(),
  /** The server answered 404 to the follow-up endpoints: it offers no status. */
  noFollowUp: z.boolean().optional(),
  logId: z.string().optional(),
  /** The X-Request-ID the start call carried: the id the server logs and traces the run's start under. */
  requestId: z.string().optional(),
  /** The trace the run's calls carry in their `traceparent` (start, polls, resume, abort: one per run). */
  traceId: z.string().optional(),
  /** Started with stream:true: while this tab streams it, the run page shows it live. */
  streamed: z.boolean().optional(),
  batchId: z.string().optional(),
  batchRow: z.number().optional(),
  /** The person's pass / fail of a run outside a batch (null once taken away); a batch's row keeps its own. */
  verdict: passJudgementSchema.nullable().optional(),
  /** "Run again with changes": the run this one was forked from. */
  parentRunId: z.string().optional(),
  /** The server answered that it no longer has this execution (deleted elsewhere): not followed any more. */
  lost: z.boolean().optional(),
  /** Reads of its status kept failing, so it is no longer checked until a person asks (null once they did). */
  pollStopped: z.object({ at: z.number(), failures: z.number(), reason: z.string() }).nullable().optional(),
  /** Found in the server's list of executions (started elsewhere: another browser, an SDK, a schedule). */
  fromServer: z.boolean().optional(),
  /** Token counts and cost from the execution record, as the server last reported them. */
  tokens: z.object({ input: z.number(), output: z.number(), cost: z.number().optional() }).optional(),
  /** Each time a person continued the run after an interrupt: what they said and the call that carried it. */
  resumes: z
    .array(
      z.object({
        at: z.number(),
        message: z.string().optional(),
        editedOutput: z.boolean().optional(),
        /** The state whose output the person replaced before continuing. */
        editedStateId: z.string().optional(),
        logId: z.string().optional(),
        requestId: z.string().optional(),
        forwarded: forwardedHeadersSchema.nullable().optional(),
      }),
    )
    .optional(),
});

export type Run = z.output<typeof runSchema>;

/** Statuses the console gives a run before the server has one. */
export const localStatus = { starting: 'Starting', startFailed: 'Start failed' } as const;

/** A described error as kept with a run. */
export type RunErrorDescription = NonNullable<Run['error']>;

/** The token counts of an execution record, when it has them (null until a first state finishes). */
export function tokensOf(record: ExecutionRecord): Run['tokens'] | undefined {
  return tokensFromUsage(record.tokens_usage) ?? undefined;
}

/** What a later read of the execution record tells about a run (status, session, tokens). */
export const followedChange = (record: ExecutionRecord): Partial<Run> => {
  const tokens = tokensOf(record);
  return {
    status: record.overall_status,
    ...(record.session_id ? { serverSessionId: record.session_id } : {}),
    ...(tokens ? { tokens } : {}),
  };
};

/** What the start call's execution record tells about a run. */
export const recordChange = (record: ExecutionRecord): Partial<Run> => ({
  executionId: record.execution_id,
  record,
  ...followedChange(record),
});

/**
 * A run for an execution found on the server: what the server keeps (no tags, session or headers: real servers do
 * not return them). Its times are the server's, read as UTC.
 */
export function runFromExecution(
  record: ExecutionRecord,
  workflow: { id: string; name: string },
  id: string,
  now: number,
): Run {
  const startedAt = serverTimeMs(record.date) ?? now;
  const ended = isTerminal(record.overall_status) ? serverTimeMs(record.update_date ?? record.updated_date) : undefined;
  const tokens = tokensOf(record);
  return {
    id,
    workflowId: workflow.id,
    workflowName: workflow.name,
    userInput: record.prompt ?? '',
    tags: [],
    forwarded: null,
    executionId: record.execution_id,
    status: record.overall_status,
    startedAt,
    ...(ended !== undefined ? { endedAt: ended } : {}),
    ...(record.file_names?.[0] ? { fileName: record.file_names[0] } : {}),
    fromServer: true,
    ...(tokens ? { tokens } : {}),
  };
}
