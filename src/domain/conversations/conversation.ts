import { z } from 'zod';
import { followUpQueueSchema } from './follow-ups';
import { answerSchema } from '@/domain/answer/answer';
import { errorDescriptionSchema } from '@/domain/errors/describe-error';
import { interactiveResponseSchema } from '@/domain/interactive/response';
import { streamHealthSchema } from '@/domain/stream/stream-health';
import { toolCallPolicySchema } from '@/domain/approval/tool-policy';
import { conversationWaitingSchema } from '@/domain/waiting/waiting-item';
import { batchVerdictsSchema } from '@/domain/workflows/verdicts/verdicts';

const turnStatusSchema = z.enum([
  'sending',
  'streaming',
  /** The answer is paused until the person does something (allows or denies a tool call). */
  'waiting',
  'completed',
  'stopped',
  'interrupted',
  'failed',
]);

/** The person's like / dislike of the answer, as the server stored it (its feedback id removes it). */
const turnFeedbackSchema = z.object({ mark: z.enum(['correct', 'wrong']), feedbackId: z.string() });
export type TurnFeedback = z.output<typeof turnFeedbackSchema>;

/**
 * One question and what came back for it, as a conversation keeps it. Turns form a tree: `parentId` is the
 * turn this one follows (null for the first); turns with the same parent are versions of one another
 * (regenerated, retried or edited), so nothing is ever deleted by asking again. Stored in this browser and written
 * to export files, so read back (from either) through this schema.
 */
export const turnSchema = z.object({
  id: z.string().min(1),
  parentId: z.string().nullable(),
  question: z.string(),
  /** The files sent with the question (`file_names`: the file_url each upload returned). */
  fileNames: z.array(z.string()).optional(),
  assistantId: z.string(),
  assistantName: z.string(),
  /** The model override sent with the call; absent means the assistant's default. */
  model: z.string().optional(),
  mode: z.enum(['stream', 'json']),
  status: turnStatusSchema,
  answer: answerSchema,
  error: errorDescriptionSchema.optional(),
  requestId: z.string().optional(),
  /** The trace the turn's calls carried in their `traceparent` (one per turn). */
  traceId: z.string().optional(),
  /** How the answer travelled: SSE, NDJSON, or one JSON body. */
  wire: z.enum(['sse', 'ndjson', 'json']).optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  /** This question answers the agent's question of the turn before it (its text is the display chip). */
  interactiveResponse: interactiveResponseSchema.optional(),
  /**
   * This question answers a form (A2UI) of the turn before it: the action pressed and the whole data model sent, with
   * the mask where an obscured field held a value (`secretFields`: those values went on the wire only).
   */
  a2uiAnswer: z
    .object({
      action: z.unknown(),
      dataModel: z.unknown(),
      secretFields: z.array(z.object({ path: z.string(), label: z.string() })).optional(),
    })
    .optional(),
  feedback: turnFeedbackSchema.optional(),
  /** A stopped answer as the server kept it (current servers keep what was generated until the stop reached them). */
  keptByServer: z.literal(true).optional(),
  /** How a streamed answer travelled: first byte and token, rate, gaps, frames (measured by this console). */
  health: streamHealthSchema.optional(),
});
export type ConversationTurn = z.output<typeof turnSchema>;

/** Which version is shown below each parent: parent id (or `rootKey`) → chosen turn id. */
export type VersionSelection = Readonly<Record<string, string>>;

/**
 * What the conversation list needs, without the turns: a conversation's list entry as stored (its turns are stored
 * apart) and as another tab of the same person sends it, so read back through this schema.
 */
export const summarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Which version is shown below each parent. */
  selection: z.record(z.string(), z.string()).readonly(),
  /** Distinct normalised words of the title, questions and answers: the search index is built from these. */
  words: z.array(z.string()).readonly(),
  /** Who answered the latest question (and the model asked for, if any): the rail shows it. */
  assistant: z.object({ id: z.string(), name: z.string(), model: z.string().optional() }).optional(),
  pinned: z.boolean().optional(),
  /** When the server finished it (epoch ms; current servers): it takes no more messages. */
  finishedAt: z.number().optional().catch(undefined),
  /**
   * The server's copy as last read into this browser (its change time and how many history items it had): a server
   * that says otherwise was changed elsewhere since.
   */
  server: z.object({ updateDate: z.string(), items: z.number() }).optional(),
  /** What waits for the person in it (a paused tool call, a form): the "Waiting for you" list reads it. */
  waiting: conversationWaitingSchema.optional().catch(undefined),
  /** The chat's own tool-call policy, as the server keeps it (current servers). */
  toolCallPolicy: toolCallPolicySchema.optional().catch(undefined),
  /**
   * The tools the person allowed for the rest of this chat ("Allow … for the rest of this chat"), each for the assistant
   * that asked, by the name its approval card shows: a later pause of that assistant's tool is allowed here at once.
   * Kept in this person's browser only.
   */
  allowedTools: z
    .array(z.object({ assistantId: z.string(), assistantName: z.string(), toolName: z.string() }))
    .readonly()
    .optional()
    .catch(undefined),
  /** How many times `allowedTools` changed (another tab's older copy of it does not win). */
  allowancesRev: z.number().optional().catch(undefined),
  /** Questions queued to go one per turn when the answer ends (a damaged queue reads as none). */
  followUps: followUpQueueSchema.optional().catch(undefined),
  /**
   * The person's better / same / worse on this conversation's answers held against another conversation's (a replay,
   * Ask two): by that conversation's id, then by the question's position. Kept in this person's browser only.
   */
  verdicts: batchVerdictsSchema.optional().catch(undefined),
});
export type ConversationSummary = z.output<typeof summarySchema>;

export const isTurnActive = (turn: Pick<ConversationTurn, 'status'>): boolean =>
  turn.status === 'sending' || turn.status === 'streaming';

/** A title from the first question: its first line, cut at a word near 60 characters. */
export function titleFrom(question: string): string {
  const line = question.trim().split('\n')[0]?.replace(/\s+/g, ' ').trim() ?? '';
  if (line.length <= 60) return line || 'New conversation';
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${space > 30 ? cut.slice(0, space) : cut}…`;
}
