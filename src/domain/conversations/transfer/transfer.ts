import { z } from 'zod';
import type { ConversationSummary, ConversationTurn, VersionSelection } from '@/domain/conversations/conversation';
import { interactiveResponseSchema } from '@/domain/interactive/response';
import { fileLabel } from '@/domain/files/file-url';
import { describeStreamHealth, streamHealthSchema } from '@/domain/stream/stream-health';
import { distinctWords } from '@/domain/conversations/search/search';
import { visiblePath } from '@/domain/conversations/versions';
import { importDepthProblem, importSizeProblem } from './import-limits';

/** The file one conversation is exported to (and imported from). */
export const exportFormat = 'assistant-console.conversation';
export const exportVersion = 1;

export interface ConversationExport {
  format: typeof exportFormat;
  version: typeof exportVersion;
  exportedAt: string;
  conversation: { id: string; title: string; createdAt: number; updatedAt: number; selection: VersionSelection };
  turns: ConversationTurn[];
}

export function exportJson(summary: ConversationSummary, turns: readonly ConversationTurn[], now: number): string {
  const { id, title, createdAt, updatedAt, selection } = summary;
  const file: ConversationExport = {
    format: exportFormat,
    version: exportVersion,
    exportedAt: new Date(now).toISOString(),
    conversation: { id, title, createdAt, updatedAt, selection },
    turns: [...turns],
  };
  return JSON.stringify(file, null, 2);
}

const statusNote: Record<ConversationTurn['status'], string> = {
  sending: 'no answer yet',
  streaming: 'answer incomplete',
  waiting: 'waiting for you',
  completed: '',
  stopped: 'stopped — partial answer',
  interrupted: 'interrupted — partial answer',
  failed: 'failed',
};

/** The conversation as it reads on screen (the versions shown), for people and for pasting elsewhere. */
export function exportMarkdown(summary: ConversationSummary, turns: readonly ConversationTurn[]): string {
  const lines = [`# ${summary.title}`, ''];
  for (const turn of visiblePath(turns, summary.selection)) {
    const note = statusNote[turn.status];
    lines.push('## You', '', turn.question, '');
    if (turn.fileNames?.length)
      lines.push(`Attached: ${turn.fileNames.map((url) => `\`${fileLabel(url)}\``).join(', ')}`, '');
    lines.push(`## ${turn.assistantName}${turn.model ? ` (${turn.model})` : ''}${note ? ` — ${note}` : ''}`, '');
    if (turn.answer.text) lines.push(turn.answer.text, '');
    if (turn.health) {
      const words = describeStreamHealth(turn.health);
      lines.push(`_Stream: ${[words.summary, ...words.warnings].join(' · ')}_`, '');
    }
    if (turn.status === 'failed' && turn.error)
      lines.push(`> ${turn.error.title}: ${turn.error.serverMessage ?? turn.error.explanation}`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

const thoughtSchema: z.ZodType<unknown> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    authorType: z.string(),
    authorName: z.string(),
    outputFormat: z.string(),
    inputText: z.string(),
    message: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    inProgress: z.boolean(),
    error: z.boolean(),
    interrupted: z.boolean(),
    aborted: z.boolean(),
    orphaned: z.boolean().optional(),
    children: z.array(thoughtSchema),
  }),
);

const answerSchema = z.object({
  text: z.string(),
  complete: z.boolean(),
  timeElapsed: z.number().optional(),
  tokensUsed: z.number().nullable().optional(),
  usage: z
    .object({ inputTokens: z.number().optional(), outputTokens: z.number().optional(), cost: z.number().optional() })
    .optional()
    .catch(undefined),
  errorText: z.string().optional(),
  taskId: z.string().nullable().optional(),
  executionError: z.string().optional(),
  success: z.boolean().optional(),
  agentError: z.unknown().optional(),
  toolErrors: z.unknown().optional(),
  errorDetails: z.unknown().optional(),
  interactiveRequest: z.unknown().optional(),
  a2uiEnvelopes: z.array(z.unknown()).optional(),
  pausedToolCall: z
    .object({ thoughtId: z.string().nullable(), toolName: z.string(), args: z.string() })
    .optional()
    .catch(undefined),
  serverErrors: z.array(z.string()).optional(),
  malformedChunks: z.number().int().min(0).default(0),
  thoughts: z
    .object({ roots: z.array(thoughtSchema), waiting: z.record(z.string(), z.array(thoughtSchema)) })
    .default({ roots: [], waiting: {} }),
  answerThoughtIds: z.array(z.string()).default([]),
  thoughtTimes: z
    .record(z.string(), z.object({ first: z.number(), last: z.number(), ended: z.number().optional() }))
    .optional()
    .catch(undefined),
});

export const turnSchema = z.object({
  id: z.string().min(1),
  parentId: z.string().nullable(),
  question: z.string(),
  fileNames: z.array(z.string()).optional(),
  assistantId: z.string(),
  assistantName: z.string(),
  model: z.string().optional(),
  mode: z.enum(['stream', 'json']),
  status: z.enum(['sending', 'streaming', 'waiting', 'completed', 'stopped', 'interrupted', 'failed']),
  answer: answerSchema,
  error: z
    .object({
      title: z.string(),
      explanation: z.string(),
      serverMessage: z.string().optional(),
      details: z.string().optional(),
      requestId: z.string().optional(),
      traceId: z.string().optional(),
      action: z.enum(['retry', 'sign-in', 'pick-assistant', 'edit', 'none']),
    })
    .optional(),
  requestId: z.string().optional(),
  traceId: z.string().optional(),
  wire: z.enum(['sse', 'ndjson', 'json']).optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  interactiveResponse: interactiveResponseSchema.optional(),
  a2uiAnswer: z.object({ action: z.unknown(), dataModel: z.unknown() }).optional(),
  feedback: z.object({ mark: z.enum(['correct', 'wrong']), feedbackId: z.string() }).optional(),
  health: streamHealthSchema.optional(),
  keptByServer: z.literal(true).optional(),
});

const fileSchema = z.object({
  format: z.literal(exportFormat),
  version: z.literal(exportVersion),
  conversation: z.object({
    id: z.string(),
    title: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
    selection: z.record(z.string(), z.string()).default({}),
  }),
  turns: z.array(turnSchema),
});

export type ImportResult =
  { ok: true; summary: ConversationSummary; turns: ConversationTurn[] } | { ok: false; problems: string[] };

/** Where in the file, in words: "Turn 2 › question", "Conversation › id", "the file". */
const where = (path: readonly PropertyKey[]) => {
  if (path.length === 0) return 'the file';
  const words: string[] = [];
  path.forEach((part, index) => {
    if (typeof part === 'number') {
      const owner = path[index - 1];
      if (owner === 'turns') words[words.length - 1] = `Turn ${part + 1}`;
      else words.push(`item ${part + 1}`);
    } else words.push(index === 0 ? `${String(part).charAt(0).toUpperCase()}${String(part).slice(1)}` : String(part));
  });
  return words.join(' › ');
};

const typeWords: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** What is wrong with a value, in words a person reads ("should be text, not a number"). */
function wrong(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const expected = typeWords[issue.expected] ?? issue.expected;
    const received = /received (\w+)/.exec(issue.message)?.[1];
    if (received === undefined || received === 'undefined') return `is missing (it should be ${expected})`;
    return `should be ${expected}, not ${typeWords[received] ?? received}`;
  }
  if (issue.code === 'invalid_value') return 'holds a value an export never has';
  return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
}

function structureProblems(turns: readonly { id: string; parentId: string | null }[]): string[] {
  const ids = new Set<string>();
  const problems: string[] = [];
  turns.forEach((turn, index) => {
    if (ids.has(turn.id)) problems.push(`Turn ${index + 1} › id "${turn.id}" is used by an earlier turn too`);
    ids.add(turn.id);
  });
  turns.forEach((turn, index) => {
    if (turn.parentId !== null && !ids.has(turn.parentId))
      problems.push(`Turn ${index + 1} › parentId points at "${turn.parentId}", which no turn in the file has`);
  });
  return problems;
}

/**
 * Reads an exported conversation. Ids are new (importing the same file twice, or into the browser it came
 * from, gives a second conversation instead of overwriting the first); a turn that was streaming when it was
 * exported is kept as interrupted.
 */
export function importJson(text: string, newId: () => string, now: number): ImportResult {
  // The text's length in UTF-16 units is at most its size in bytes: a file within the limit is never refused here.
  const tooLarge = importSizeProblem(text.length);
  if (tooLarge) return { ok: false, problems: [tooLarge] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [`The file is not JSON (${error instanceof Error ? error.message : String(error)}).`],
    };
  }
  if (typeof raw !== 'object' || raw === null || (raw as { format?: unknown }).format !== exportFormat) {
    return {
      ok: false,
      problems: [
        `The file is not a conversation exported by Assistant Console: its "format" must be "${exportFormat}".`,
      ],
    };
  }
  const tooDeep = importDepthProblem(raw);
  if (tooDeep) return { ok: false, problems: [tooDeep] };
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.slice(0, 8).map((issue) => `${where(issue.path)} ${wrong(issue)}`),
    };
  const problems = structureProblems(parsed.data.turns);
  if (problems.length) return { ok: false, problems };

  const ids = new Map(parsed.data.turns.map((turn) => [turn.id, newId()]));
  const renamed = (id: string) => ids.get(id) ?? id;
  // zod leaves absent optional fields absent, so the parsed turns have exactly the shape of a ConversationTurn.
  const turns = (parsed.data.turns as ConversationTurn[]).map((turn): ConversationTurn => ({
    ...turn,
    id: renamed(turn.id),
    parentId: turn.parentId === null ? null : renamed(turn.parentId),
    ...(turn.status === 'sending' || turn.status === 'streaming' ? { status: 'interrupted' } : {}),
  }));
  const { conversation } = parsed.data;
  const selection = Object.fromEntries(
    Object.entries(conversation.selection).map(([parent, chosen]) => [
      parent === '' ? '' : renamed(parent),
      renamed(chosen),
    ]),
  );
  const summary: ConversationSummary = {
    id: newId(),
    title: conversation.title || 'Imported conversation',
    createdAt: conversation.createdAt,
    updatedAt: now,
    selection,
    words: conversationWords(conversation.title, turns),
  };
  return { ok: true, summary, turns };
}

/** A turn read back from storage or a file; null when its shape is not a turn's. */
export function readTurn(raw: unknown): ConversationTurn | null {
  // A record nested beyond what the checker's recursion can take is as unreadable as a malformed one.
  let parsed: ReturnType<typeof turnSchema.safeParse>;
  try {
    parsed = turnSchema.safeParse(raw);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  // As on import: zod leaves absent optional fields absent.
  return parsed.success ? (parsed.data as ConversationTurn) : null;
}

/** What search looks through for one conversation. */
export const conversationWords = (title: string, turns: readonly ConversationTurn[]): string[] =>
  distinctWords([title, ...turns.flatMap((turn) => [turn.question, turn.answer.text])]);
