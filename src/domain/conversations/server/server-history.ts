import { z } from 'zod';
import { emptyAnswer, answerThoughtAuthor, type Answer, type ReportedUsage } from '@/domain/answer/answer';
import { reportedUsage } from '@/domain/answer/usage';
import { serverTimeMs } from '@/domain/time/server-time';
import { applyThought, emptyThoughtTree, endThoughtTree, type ThoughtTree } from '@/domain/thoughts/thought-tree';
import type { WireThought } from '@/domain/wire';
import type { ConversationTurn } from '@/domain/conversations/conversation';

// A server conversation's `history` (DEPLOYED-API.md §1) as the console's turns. The server keeps a flat array of
// User and Assistant items with a `historyIndex`; several pairs with one index are versions of that turn, each new
// one appended at the end. The console keeps a tree of turns: versions are turns with the same parent.

const text = z.string().nullish();

/**
 * A thought as stored in history (GET /v1/conversations/{id}): full merged objects, snake_case, possibly null fields.
 * The api reads the history with this schema; only what the console reads is checked, the rest passes.
 */
export const storedThoughtSchema = z.looseObject({
  id: z.string(),
  parent_id: text,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  in_progress: z.boolean().nullish(),
  input_text: text,
  message: text,
  author_type: text,
  author_name: text,
  output_format: text,
  error: z.boolean().nullish(),
  interrupted: z.boolean().nullish(),
  aborted: z.boolean().nullish(),
  get children(): z.ZodOptional<z.ZodNullable<z.ZodArray<typeof storedThoughtSchema>>> {
    return z.array(storedThoughtSchema).nullish();
  },
});
export type StoredThought = z.output<typeof storedThoughtSchema>;

const userMarkSchema = z.looseObject({ mark: text, comments: text, feedback_id: text });

/**
 * One item of the server's history (`GeneratedMessage`): one user question or one answer, camelCase keys with
 * snake_case objects nested in them. The api reads the history with this schema; only what the console reads is
 * checked, the rest passes.
 */
export const storedHistoryItemSchema = z
  .looseObject({
    role: z.string(),
    message: text,
    historyIndex: z.number().nullish(),
    date: text,
    responseTime: z.number().nullish(),
    // Current servers: a turn still being generated, and how a turn ended (success, error, interrupted).
    in_progress: z.boolean().nullish(),
    inProgress: z.boolean().nullish(),
    status: text,
    /** What the answer used, as the server counted it (null where it did not). */
    inputTokens: z.number().nullish(),
    outputTokens: z.number().nullish(),
    moneySpent: z.number().nullish(),
    userMark: userMarkSchema.nullish(),
    fileNames: z.array(z.string()).nullish(),
    assistantId: text,
    thoughts: z.array(storedThoughtSchema).nullish(),
    // Current servers (A2UI): an answer's envelopes (raw, in order), a question's answer to one of them; camelCase
    // on the wire, a snake_case copy is read too.
    a2uiEnvelopes: z.array(z.unknown()).nullish(),
    a2ui_envelopes: z.array(z.unknown()).nullish(),
    a2uiAction: z.unknown().optional(),
    a2ui_action: z.unknown().optional(),
    a2uiDataModel: z.unknown().optional(),
    a2ui_data_model: z.unknown().optional(),
  })
  .transform(({ a2ui_envelopes, a2ui_action, a2ui_data_model, in_progress, ...item }) => {
    const envelopes = item.a2uiEnvelopes ?? a2ui_envelopes;
    const action = item.a2uiAction ?? a2ui_action;
    const dataModel = item.a2uiDataModel ?? a2ui_data_model;
    const running = item.inProgress ?? in_progress;
    return {
      ...item,
      ...(running !== undefined && running !== null ? { inProgress: running } : {}),
      ...(envelopes ? { a2uiEnvelopes: envelopes } : {}),
      ...(action !== undefined && action !== null ? { a2uiAction: action } : {}),
      ...(dataModel !== undefined && dataModel !== null ? { a2uiDataModel: dataModel } : {}),
    };
  });
export type StoredHistoryItem = z.output<typeof storedHistoryItemSchema>;

/** Version `version` of turn `index`: its question and (once saved) its answer. */
export interface StoredPair {
  index: number;
  version: number;
  user?: StoredHistoryItem;
  assistant?: StoredHistoryItem;
}

/**
 * The history's pairs grouped by turn index (ascending), each turn's versions in stored order: version k is the k-th
 * pair among the items with that index, as the server's edit and export endpoints count them. Items without an index
 * (older servers) follow the pair before them.
 */
export function pairsByIndex(history: readonly StoredHistoryItem[]): StoredPair[][] {
  const byIndex = new Map<number, StoredPair[]>();
  let lastIndex = -1;
  for (const item of history) {
    const index = item.historyIndex ?? (item.role === 'User' ? lastIndex + 1 : Math.max(lastIndex, 0));
    lastIndex = Math.max(lastIndex, index);
    const versions = byIndex.get(index) ?? [];
    byIndex.set(index, versions);
    const open = versions.at(-1);
    if (item.role === 'User' || !open || open.assistant) {
      const pair: StoredPair = { index, version: versions.length };
      if (item.role === 'User') pair.user = item;
      else pair.assistant = item;
      versions.push(pair);
    } else open.assistant = item;
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, versions]) => versions);
}

const wireThought = (thought: StoredThought): WireThought => ({
  id: thought.id,
  parent_id: thought.parent_id ?? null,
  metadata: thought.metadata ?? {},
  in_progress: thought.in_progress === true,
  input_text: thought.input_text ?? '',
  message: thought.message ?? '',
  author_type: thought.author_type ?? '',
  author_name: thought.author_name ?? '',
  output_format: thought.output_format ?? '',
  error: thought.error ?? null,
  interrupted: thought.interrupted ?? null,
  aborted: thought.aborted ?? null,
  children: (thought.children ?? []).map(wireThought),
});

/**
 * The thought tree of a stored answer. Top-level "Codemie Thoughts" carry the answer's own text (already the item's
 * `message`) and are left out; a `parent_id: "latest"` thought is put under the one before it, as live streams
 * place it; a thought still `in_progress` was cut off and shows as interrupted.
 */
export function storedThoughtTree(thoughts: readonly StoredThought[] | null | undefined): ThoughtTree {
  const steps = (thoughts ?? []).filter(
    (thought) => !(thought.author_name === answerThoughtAuthor && !thought.parent_id),
  );
  if (steps.length === 0) return emptyThoughtTree;
  return endThoughtTree(steps.map(wireThought).reduce(applyThought, emptyThoughtTree), 'interrupted');
}

const withUsage = (usage: ReportedUsage | undefined) => (usage ? { usage } : {});

function storedAnswer(item: StoredHistoryItem | undefined): Answer {
  if (!item) return emptyAnswer;
  return {
    ...emptyAnswer,
    text: item.message ?? '',
    complete: true,
    thoughts: storedThoughtTree(item.thoughts),
    ...(item.a2uiEnvelopes?.length ? { a2uiEnvelopes: [...item.a2uiEnvelopes] } : {}),
    ...(typeof item.responseTime === 'number' ? { timeElapsed: item.responseTime } : {}),
    ...withUsage(reportedUsage(item)),
  };
}

export interface ServerTurnContext {
  conversationId: string;
  /** Assistant names by id (the conversation's `assistant_data`). */
  assistantNames: Readonly<Record<string, string>>;
  /** Who answers where an item does not say (the conversation's first assistant). */
  defaultAssistantId: string;
  /** When a turn without a readable date started: the conversation's date, so order is kept. */
  fallbackTime: number;
  /**
   * The model the conversation keeps (`llm_model`): current servers answer a follow-up that names none with it, so
   * a turn read from the server says it, and a follow-up in a reopened conversation asks for it by name.
   */
  model?: string | undefined;
}

/** The id of a turn known only from the server: stable, so reading the same history twice gives the same turns. */
export const serverTurnId = (conversationId: string, index: number, version: number) =>
  `server:${conversationId}:${index}:${version}`;

/**
 * How a stored turn stands. A question without a saved answer was cut off (or, on older servers, is being answered
 * elsewhere right now); current servers say when an answer is still being generated (running on the server, never
 * interrupted), and when it was stopped (`interrupted`: someone aborted it).
 */
function storedStatus(assistant: StoredHistoryItem | undefined): ConversationTurn['status'] {
  if (!assistant) return 'interrupted';
  if (assistant.inProgress === true) return 'streaming';
  return assistant.status === 'interrupted' ? 'stopped' : 'completed';
}

/** Whether the item comes from a current server, which keeps generating when the browser leaves (it says how turns end). */
export const keepsGenerating = (item: StoredHistoryItem | undefined): boolean =>
  item !== undefined && (item.inProgress !== undefined || item.status !== undefined);

/** One stored pair as a console turn (its parent is set by whoever places it in the tree). */
export function serverTurn(pair: StoredPair, context: ServerTurnContext): ConversationTurn {
  const { user, assistant } = pair;
  const assistantId = assistant?.assistantId ?? context.defaultAssistantId;
  const startedAt = serverTimeMs(user?.date ?? assistant?.date) ?? context.fallbackTime + pair.index;
  const endedAt = serverTimeMs(assistant?.date);
  const fileNames = user?.fileNames ?? [];
  // The console marks like / dislike; a mark set elsewhere with another word ("partially correct") is not shown.
  const mark = assistant?.userMark?.mark;
  const feedbackId = assistant?.userMark?.feedback_id;
  const feedback =
    (mark === 'correct' || mark === 'wrong') && feedbackId ? { mark: mark as 'correct' | 'wrong', feedbackId } : null;
  return {
    id: serverTurnId(context.conversationId, pair.index, pair.version),
    parentId: null,
    question: user?.message ?? '',
    assistantId,
    assistantName: context.assistantNames[assistantId] ?? 'Assistant',
    ...(context.model ? { model: context.model } : {}),
    ...(assistant?.status === 'interrupted' && assistant.inProgress !== true ? { keptByServer: true as const } : {}),
    mode: 'stream',
    status: storedStatus(assistant),
    answer: storedAnswer(assistant),
    startedAt,
    ...(endedAt !== undefined ? { endedAt } : {}),
    ...(fileNames.length ? { fileNames: [...fileNames] } : {}),
    ...(feedback ? { feedback } : {}),
    ...(user?.a2uiAction ? { a2uiAnswer: { action: user.a2uiAction, dataModel: user.a2uiDataModel ?? {} } } : {}),
  };
}
