import { z } from 'zod';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { applyThought, emptyThoughtTree, endThoughtTree, type TreeEnd } from '@/domain/thoughts/thought-tree';
import { arrivalTimesSchema } from '@/domain/timeline/arrival-times';
import type { WireThought } from '@/domain/wire';
import { pausedBy, pausedToolCallSchema, resumedTree, type ToolDecision } from '@/domain/approval/paused-call';
import { thoughtTreeSchema } from '@/domain/thoughts/thought-node';

/** The counts a server's stored answer carries (`inputTokens`, `outputTokens`, `moneySpent`). */
const reportedUsageSchema = z.object({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  cost: z.number().optional(),
});
export type ReportedUsage = z.output<typeof reportedUsageSchema>;

/**
 * An answer as it is assembled from chunks (or from one JSON body). Kept with its turn, so read back (from this
 * browser's storage or an export file) through this schema: a part an older console did not write gets its empty
 * value, a damaged optional part is dropped rather than the whole answer.
 */
export const answerSchema = z.object({
  text: z.string(),
  /** True once a `last` chunk (or a JSON body) delivered the whole answer. */
  complete: z.boolean(),
  timeElapsed: z.number().optional(),
  tokensUsed: z.number().nullable().optional(),
  /** Token counts and money spent, as the server's stored answer reports them (see usage.ts). */
  usage: reportedUsageSchema.optional().catch(undefined),
  taskId: z.string().nullable().optional(),
  executionError: z.string().optional(),
  /**
   * The server's own text for a refusal that came after part of the answer (`generated` of a final chunk with an
   * `execution_error`): the partial answer stays the answer, and this is shown beside it.
   */
  errorText: z.string().optional(),
  success: z.boolean().optional(),
  agentError: z.unknown().optional(),
  toolErrors: z.unknown().optional(),
  errorDetails: z.unknown().optional(),
  interactiveRequest: z.unknown().optional(),
  /** Current servers: the A2UI envelopes of the forms the agent asked with, in arrival order. */
  a2uiEnvelopes: z.array(z.unknown()).readonly().optional(),
  /** A current server paused a tool call for the person's approval: the answer goes on once they allow or deny it. */
  pausedToolCall: pausedToolCallSchema.optional().catch(undefined),
  /** Errors the server sent inside the stream, in its words; a completed answer with any is "completed with errors". */
  serverErrors: z.array(z.string()).readonly().optional(),
  /** Chunks that could not be read; shown as a warning on the turn. */
  malformedChunks: z.number().int().min(0).default(0),
  thoughts: thoughtTreeSchema.default(emptyThoughtTree),
  /** When each thought's chunks arrived (the timeline's times where the server sends none); streamed answers only. */
  thoughtTimes: arrivalTimesSchema.optional().catch(undefined),
  /** Top-level "Codemie Thoughts" thoughts: deployed agents stream their answer tokens this way. */
  answerThoughtIds: z.array(z.string()).readonly().default([]),
});
export type Answer = z.output<typeof answerSchema>;

export const emptyAnswer: Answer = {
  text: '',
  complete: false,
  malformedChunks: 0,
  thoughts: emptyThoughtTree,
  answerThoughtIds: [],
};

export const answerThoughtAuthor = 'Codemie Thoughts';

const isAnswerThought = (answer: Answer, thought: WireThought): boolean =>
  answer.answerThoughtIds.includes(thought.id) || (thought.author_name === answerThoughtAuthor && !thought.parent_id);

/** The answer with `thought` in it, and what that added to its text (answer thoughts carry answer tokens). */
function withThought(answer: Answer, thought: WireThought): TextChange {
  if (!isAnswerThought(answer, thought))
    return { answer: { ...answer, thoughts: applyThought(answer.thoughts, thought) }, appended: '', replaced: false };
  const known = answer.answerThoughtIds.includes(thought.id);
  const appended = answer.complete ? '' : (thought.message ?? '');
  return {
    answer: {
      ...answer,
      text: answer.text + appended,
      answerThoughtIds: known ? answer.answerThoughtIds : [...answer.answerThoughtIds, thought.id],
    },
    appended,
    replaced: false,
  };
}

const errorFields = (chunk: StreamChunk): Partial<Answer> => ({
  ...(chunk.executionError !== undefined ? { executionError: chunk.executionError } : {}),
  ...(chunk.success !== undefined ? { success: chunk.success } : {}),
  ...(chunk.agentError !== undefined ? { agentError: chunk.agentError } : {}),
  ...(chunk.toolErrors !== undefined ? { toolErrors: chunk.toolErrors } : {}),
  ...(chunk.errorDetails !== undefined ? { errorDetails: chunk.errorDetails } : {}),
  ...(chunk.interactiveRequest !== undefined ? { interactiveRequest: chunk.interactiveRequest } : {}),
});

/** What one answer keeps of the form envelopes and in-stream errors a server sends: a stream of them is bounded. */
export const answerLimits = { envelopes: 500, serverErrors: 50 } as const;

/** Said once, in the answer's errors, when the agent sent more envelopes than an answer keeps. */
export const tooManyEnvelopes = `The agent sent more than ${answerLimits.envelopes} form envelopes in this answer: the rest were not kept.`;

/**
 * Lists a batch of chunks made itself (see `foldChunks`): nobody else holds them yet, so the next chunks of the batch
 * append to them in place rather than copying them once per chunk.
 */
export type OwnLists = WeakSet<readonly unknown[]>;

function appended<T>(list: readonly T[] | undefined, item: T, own: OwnLists | undefined): readonly T[] {
  if (list && own?.has(list)) {
    (list as T[]).push(item);
    return list;
  }
  const copy = [...(list ?? []), item];
  own?.add(copy);
  return copy;
}

const withServerError = (answer: Answer, chunk: StreamChunk, own?: OwnLists): Answer => {
  let next = answer;
  const envelopes = answer.a2uiEnvelopes?.length ?? 0;
  if (chunk.a2ui !== undefined && envelopes < answerLimits.envelopes)
    next = { ...next, a2uiEnvelopes: appended(next.a2uiEnvelopes, chunk.a2ui, own) };
  const error =
    chunk.a2ui !== undefined && envelopes >= answerLimits.envelopes ? tooManyEnvelopes : chunk.serverError?.message;
  const errors = next.serverErrors ?? [];
  if (
    error === undefined ||
    errors.length >= answerLimits.serverErrors ||
    (error === tooManyEnvelopes && errors.includes(error))
  )
    return next;
  return { ...next, serverErrors: appended(next.serverErrors, error, own) };
};

/** The agent asked with a form (A2UI, or a 2.42 server's interactive request): the answer waits for the person. */
export const asksWithForm = (answer: Pick<Answer, 'a2uiEnvelopes' | 'interactiveRequest'>): boolean =>
  (answer.a2uiEnvelopes?.length ?? 0) > 0 ||
  (answer.interactiveRequest !== undefined && answer.interactiveRequest !== null);

/**
 * What folding a chunk did: the new answer, and how its text changed: `appended` added at its end, or
 * (`replaced`) a new text. Readers that follow a growing text take the change from here rather than comparing
 * the old and new texts (see GrowingText).
 */
export interface TextChange {
  answer: Answer;
  appended: string;
  replaced: boolean;
}

/**
 * Folds one chunk into the answer. Pure: returns a new value, never changes its input. Deltas append to
 * the text until the first `last` chunk, whose `generated` replaces it; a later `last` chunk (servers send
 * one with tool errors) only adds its error fields.
 */
export function foldChunk(answer: Answer, chunk: StreamChunk, own?: OwnLists): TextChange {
  if (answer.complete) {
    const extra = errorFields(chunk);
    const merged = withServerError(Object.keys(extra).length === 0 ? answer : { ...answer, ...extra }, chunk, own);
    return chunk.thought ? withThought(merged, chunk.thought) : { answer: merged, appended: '', replaced: false };
  }
  let next: Answer = withServerError({ ...answer, ...errorFields(chunk) }, chunk, own);
  let appended = '';
  if (chunk.thought) ({ answer: next, appended } = withThought(next, chunk.thought));
  if (chunk.generatedChunk) {
    next.text += chunk.generatedChunk;
    appended += chunk.generatedChunk;
  }
  if (!chunk.last) return { answer: next, appended, replaced: false };
  // A run stopped by an error after part of the answer (a budget or token limit reached mid-answer): `generated`
  // is the server's error text, not the answer; what arrived stays the answer and the text is kept beside it.
  const stoppedMidAnswer =
    chunk.executionError !== undefined && chunk.generated !== undefined && next.text.trim() !== '';
  if (stoppedMidAnswer) {
    next = { ...next, complete: true, ...(chunk.generated !== next.text ? { errorText: chunk.generated } : {}) };
    if (chunk.timeElapsed !== undefined) next.timeElapsed = chunk.timeElapsed;
    return { answer: next, appended, replaced: false };
  }
  next = { ...next, complete: true, text: chunk.generated ?? next.text };
  if (chunk.timeElapsed !== undefined) next.timeElapsed = chunk.timeElapsed;
  // A `last` chunk whose thought is interrupted is a pause for approval, not the end of the answer.
  const paused = pausedBy(chunk.thought, next.thoughts);
  if (paused) next.pausedToolCall = paused;
  return chunk.generated === undefined
    ? { answer: next, appended, replaced: false }
    : { answer: next, appended: '', replaced: true };
}

/** The answer as a resumed call continues it: not complete, the paused thought running again with the decision. */
export function resumedAnswer(answer: Answer, decision?: ToolDecision): Answer {
  const { pausedToolCall, ...rest } = answer;
  return {
    ...rest,
    complete: false,
    thoughts: resumedTree(answer.thoughts, pausedToolCall?.thoughtId ?? null, decision),
  };
}

/** Folds one chunk into the answer (see `foldChunk`). */
export const applyChunk = (answer: Answer, chunk: StreamChunk): Answer => foldChunk(answer, chunk).answer;

/** The stream is over: settles the thought tree (running nodes, children whose parent never came). */
export const endAnswer = (answer: Answer, end: TreeEnd): Answer => ({
  ...answer,
  thoughts: endThoughtTree(answer.thoughts, end),
});

/** Counts a chunk that could not be decoded, so the turn can say so. */
export const countMalformed = (answer: Answer): Answer => ({ ...answer, malformedChunks: answer.malformedChunks + 1 });
