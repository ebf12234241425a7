import { z } from 'zod';
import { toWireThought, type StreamChunk } from '@/domain/stream/stream-chunk';
import type { WireThought } from '@/domain/wire';

// Schemas are lenient about extra fields and nulls: real servers add fields over time.
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

export const assistantSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: optionalText,
  icon_url: optionalText,
  slug: optionalText,
  project: optionalText,
});

/**
 * Current servers' tool policy of an assistant (null: the defaults, auto / override allowed; absent: a server without
 * tool policies). A policy this console does not know counts as the strictest.
 */
const toolPermissionsSchema = z.object({
  tool_call_policy: z.enum(['auto_approve', 'approve_for_me', 'ask_for_approval']).catch('ask_for_approval'),
  allow_override: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
});

export const assistantDetailSchema = assistantSummarySchema.extend({
  llm_model_type: optionalText,
  tool_permissions: toolPermissionsSchema.nullish(),
  conversation_starters: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
});

const paginationSchema = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  pages: z.number(),
});

export const assistantPageSchema = z.object({ data: z.array(assistantSummarySchema), pagination: paginationSchema });

export const userSchema = z.object({
  user_id: z.string().nullish(),
  name: z.string().nullish(),
  username: z.string().nullish(),
  email: z.string().nullish(),
});

// Thoughts are read leniently, one by one, like streamed ones: an odd thought is dropped, not the answer.
const thoughtsSchema = z
  .array(z.unknown())
  .nullish()
  .transform((items) =>
    (items ?? []).map(toWireThought).filter((thought): thought is WireThought => thought !== undefined),
  );

export const assistantAnswerSchema = z.object({
  // A structured-output answer is an object; it is shown as JSON text.
  // null (no answer text, e.g. an agent that only asked a question) is no text, not the word "null".
  generated: z
    .unknown()
    .transform((value) =>
      typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value, null, 2),
    ),
  timeElapsed: z.number().nullish(),
  tokensUsed: z.number().nullish(),
  taskId: z.string().nullish(),
  thoughts: thoughtsSchema,
  success: z.boolean().nullish(),
  agentError: z.unknown().optional(),
  toolErrors: z.unknown().optional(),
});
export type AssistantAnswer = z.output<typeof assistantAnswerSchema>;

/** A whole JSON answer, read as a stream would deliver it: its thoughts, then the final chunk. */
export function answerChunks(answer: AssistantAnswer): StreamChunk[] {
  return [...answer.thoughts.map((thought): StreamChunk => ({ thought })), finalChunk(answer)];
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
