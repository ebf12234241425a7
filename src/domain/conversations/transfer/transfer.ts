import { z } from 'zod';
import {
  turnSchema,
  type ConversationSummary,
  type ConversationTurn,
  type VersionSelection,
} from '@/domain/conversations/conversation';
import { fileLabel } from '@/domain/files/file-url';
import { describeStreamHealth } from '@/domain/stream/stream-health';
import { distinctWords } from '@/domain/conversations/search/search';
import { visiblePath } from '@/domain/conversations/versions';
import { importDepthProblem, importSizeProblem } from './import-limits';
import { failureMessage } from '@/domain/errors/describe-failure';

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
      problems: [`The file is not JSON (${failureMessage(error)}).`],
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
  const turns = parsed.data.turns.map((turn): ConversationTurn => ({
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

/** What search looks through for one conversation. */
export const conversationWords = (title: string, turns: readonly ConversationTurn[]): string[] =>
  distinctWords([title, ...turns.flatMap((turn) => [turn.question, turn.answer.text])]);
