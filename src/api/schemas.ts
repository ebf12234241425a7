import { z } from 'zod';
import type { StreamChunk } from '@/domain/stream-chunk';
import type { WireThought } from '@/domain/wire';

// Schemas are lenient about extra fields and nulls: real servers add fields over time.
const optionalText = z.string().nullish().transform((value) => value ?? undefined);

export const assistantSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: optionalText,
  icon_url: optionalText,
  slug: optionalText,
  project: optionalText,
});
export type AssistantSummary = z.output<typeof assistantSummarySchema>;

export const assistantDetailSchema = assistantSummarySchema.extend({
  llm_model_type: optionalText,
  conversation_starters: z.array(z.string()).nullish().transform((value) => value ?? []),
});
export type AssistantDetail = z.output<typeof assistantDetailSchema>;

const paginationSchema = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  pages: z.number(),
});

export const assistantPageSchema = z.object({ data: z.array(assistantSummarySchema), pagination: paginationSchema });
export type AssistantPage = z.output<typeof assistantPageSchema>;

export const llmModelSchema = z.object({
  base_name: z.string(),
  label: optionalText,
  provider: optionalText,
  default: z.boolean().nullish().transform((value) => value ?? false),
  enabled: z.boolean().nullish().transform((value) => value ?? true),
});
export const llmModelListSchema = z.array(llmModelSchema);
export type LlmModel = z.output<typeof llmModelSchema>;

export const userSchema = z.object({
  user_id: z.string().nullish(),
  name: z.string().nullish(),
  username: z.string().nullish(),
  email: z.string().nullish(),
});
export type PlatformUser = z.output<typeof userSchema>;

const thoughtSchema: z.ZodType<WireThought> = z.lazy(() =>
  z
    .object({
      id: z.string(),
      parent_id: z.string().nullable().default(null),
      metadata: z.record(z.string(), z.unknown()).nullish().transform((value) => value ?? {}),
      in_progress: z.boolean().nullish().transform((value) => value ?? false),
      input_text: z.string().nullish().transform((value) => value ?? ''),
      message: z.string().nullish().transform((value) => value ?? ''),
      author_type: z.string().nullish().transform((value) => value ?? 'Tool'),
      author_name: z.string().nullish().transform((value) => value ?? ''),
      output_format: z.string().nullish().transform((value) => value ?? 'text'),
      error: z.boolean().nullish().transform((value) => value ?? null),
      interrupted: z.boolean().nullish().transform((value) => value ?? null),
      aborted: z.boolean().nullish().transform((value) => value ?? null),
      children: z.array(thoughtSchema).nullish().transform((value) => value ?? []),
    })
    .transform((thought): WireThought => ({ ...thought })),
) as unknown as z.ZodType<WireThought>;

export const assistantAnswerSchema = z.object({
  // A structured-output answer is an object; it is shown as JSON text.
  generated: z.unknown().transform((value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2))),
  timeElapsed: z.number().nullish(),
  tokensUsed: z.number().nullish(),
  taskId: z.string().nullish(),
  thoughts: z.array(thoughtSchema).nullish(),
  success: z.boolean().nullish(),
  agentError: z.unknown().optional(),
  toolErrors: z.unknown().optional(),
});
export type AssistantAnswer = z.output<typeof assistantAnswerSchema>;

/** A whole JSON answer, read as a stream would deliver it: its thoughts, then the final chunk. */
export function answerChunks(answer: AssistantAnswer): StreamChunk[] {
  return [...(answer.thoughts ?? []).map((thought): StreamChunk => ({ thought })), finalChunk(answer)];
}

function finalChunk(answer: AssistantAnswer): StreamChunk {
  return {
    generated: answer.generated,
    last: true,
    ...(typeof answer.timeElapsed === 'number' ? { timeElapsed: answer.timeElapsed } : {}),
    ...(typeof answer.success === 'boolean' ? { success: answer.success } : {}),
    ...(answer.agentError !== undefined && answer.agentError !== null ? { agentError: answer.agentError } : {}),
    ...(answer.toolErrors !== undefined && answer.toolErrors !== null ? { toolErrors: answer.toolErrors } : {}),
  };
}
