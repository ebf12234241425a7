import { z } from 'zod';

// Lenient like the other schemas: real servers add fields over time, and send nulls for unset ones.
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

const paginationSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number(), pages: z.number() });

export const workflowSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: optionalText,
  start_hint: optionalText,
});

export const workflowPageSchema = z.object({ data: z.array(workflowSummarySchema), pagination: paginationSchema });

export const executionRecordSchema = z.object({
  execution_id: z.string(),
  workflow_id: optionalText,
  overall_status: z.string(),
  prompt: optionalText,
  date: optionalText,
  // Real servers name it update_date; earlier local platforms sent updated_date.
  update_date: optionalText,
  updated_date: optionalText,
  created_by: z.unknown().optional(),
  tokens_usage: z.unknown().optional(),
  file_names: z.array(z.string()).nullish(),
  tags: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
  session_id: optionalText,
  file_name: optionalText,
});
export type ExecutionRecord = z.output<typeof executionRecordSchema>;

export const executionPageSchema = z.object({ data: z.array(executionRecordSchema), pagination: paginationSchema });

export const executionStateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The workflow's own key for the state (real servers); `name` is its display name. */
  state_id: optionalText,
  task: optionalText,
  status: z.string(),
  started_at: optionalText,
  completed_at: optionalText,
  iteration_number: z.number().nullish(),
  /** Root thoughts only (ids and authors): the tree comes from POST …/thoughts. */
  thoughts: z
    .array(z.object({ id: z.string(), author_name: optionalText, author_type: optionalText }))
    .nullish()
    .transform((value) => value ?? []),
});
export type ExecutionState = z.output<typeof executionStateSchema>;

export const executionStatesSchema = z.object({
  data: z.array(executionStateSchema),
  pagination: paginationSchema.partial().optional(),
});

// An output may be text or structured: shown as JSON text then.
export const stateOutputSchema = z.object({
  output: z
    .unknown()
    .transform((value) =>
      value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2),
    ),
});

export interface ExecutionThought {
  id: string;
  execution_state_id?: string | undefined;
  parent_id?: string | undefined;
  author_name?: string | undefined;
  author_type?: string | undefined;
  input_text?: string | undefined;
  content?: string | undefined;
  date?: string | undefined;
  children: ExecutionThought[];
}

// Text is in `content` (not `message` as in chat thoughts); children are recursive, [] at leaves.
export const executionThoughtSchema: z.ZodType<ExecutionThought> = z.lazy(() =>
  z.object({
    id: z.string(),
    execution_state_id: optionalText,
    parent_id: optionalText,
    author_name: optionalText,
    author_type: optionalText,
    input_text: optionalText,
    content: optionalText,
    date: optionalText,
    children: z
      .array(executionThoughtSchema)
      .nullish()
      .transform((value) => value ?? []),
  }),
);
export const executionThoughtsSchema = z.array(executionThoughtSchema);

/** Replies of the verbs that answer with a message only (resume, output edit, delete, abort). */
export const messageReplySchema = z.object({ message: z.string().nullish() }).passthrough();
