import { serverTimeMs } from '@/domain/time/server-time';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { searchTokens } from '@/domain/conversations/search/search';

/** A conversation in the server's list (GET /v1/conversations) or its search, as far as the rail needs it. */
export interface ServerListEntry {
  id: string;
  name?: string | null | undefined;
  date?: string | null | undefined;
  update_date?: string | null | undefined;
  updated_at?: string | null | undefined;
  pinned?: boolean | null | undefined;
  assistant_names?: readonly string[] | null | undefined;
  is_workflow?: boolean | null | undefined;
  /** Current servers: when the chat was finished (null: open). */
  finished_at?: string | null | undefined;
}

/** A row of the rail: the local summary where this browser has one, with where it lives. */
export type ConversationRow = ConversationSummary & { origin: 'local' | 'server' | 'both' };

export const untitled = 'Untitled conversation';

/**
 * The title a conversation shows. The server names a chat it creates from its first question ("<50 characters>", with
 * or without "..."); a title this browser has (given here, or read before) wins over that, a name given elsewhere (a
 * rename, an LLM's) wins over both. Without the question (a list entry), a name of exactly 50 characters that begins
 * this browser's title is taken for that cut.
 */
export function serverTitle(
  name: string | null | undefined,
  localTitle: string | undefined,
  firstQuestion?: string,
): string | undefined {
  const named = name?.trim();
  if (!named) return localTitle;
  if (!localTitle) return withEllipsis(named);
  const cutOfLocal = named.length === 50 && localTitle.replace(/…$/, '').startsWith(named);
  return isAutomaticName(named, firstQuestion) || cutOfLocal ? localTitle : named;
}

/** A name cut by a server ("Explain PKCE and compare it with the implicit..."), shown as the console cuts: "…". */
const withEllipsis = (name: string): string => name.replace(/\s*\.\.\.$/, '…');

/**
 * A name a server (or the official UI's PUT) gives a new chat on its own before any LLM names it: the first question,
 * cut to 50 characters, with or without "...". Not a name anybody chose: a better one may follow.
 */
export function isAutomaticName(name: string, firstQuestion: string | undefined): boolean {
  const named = name.trim();
  if (named.endsWith('...')) return true;
  if (firstQuestion === undefined) return false;
  const cut = firstQuestion.slice(0, 50);
  return named === cut.trim() || named === firstQuestion.trim();
}

/** A server conversation this browser has never opened. */
export function serverSummary(entry: ServerListEntry): ConversationSummary {
  const updatedAt = serverTimeMs(entry.update_date ?? entry.updated_at ?? entry.date) ?? 0;
  const title = withEllipsis(entry.name?.trim() || untitled);
  const assistant = entry.assistant_names?.[0];
  const finishedAt = serverTimeMs(entry.finished_at);
  return {
    id: entry.id,
    title,
    createdAt: serverTimeMs(entry.date) ?? updatedAt,
    updatedAt,
    selection: {},
    words: searchTokens(title),
    ...(assistant ? { assistant: { id: '', name: assistant } } : {}),
    ...(entry.pinned ? { pinned: true } : {}),
    ...(finishedAt !== undefined ? { finishedAt } : {}),
  };
}

/**
 * The rail's conversations: this browser's and the server's, one row per id (a local conversation IS the server's with
 * the same id). The server's name and pin win (renamed or pinned elsewhere); recency is the later of the two; the
 * local summary keeps its search words and chosen versions. Workflow chats are left to the Workflows screen.
 */
export function mergeConversationLists(
  local: readonly ConversationSummary[],
  server: readonly ServerListEntry[],
): ConversationRow[] {
  const rows = new Map<string, ConversationRow>(local.map((summary) => [summary.id, { ...summary, origin: 'local' }]));
  for (const entry of server) {
    if (entry.is_workflow) continue;
    const remote = serverSummary(entry);
    const known = rows.get(entry.id);
    if (!known) {
      rows.set(entry.id, { ...remote, origin: 'server' });
      continue;
    }
    const named = serverTitle(entry.name, known.title);
    rows.set(entry.id, {
      ...known,
      origin: 'both',
      ...(named !== known.title && named
        ? { title: named, words: [...new Set([...known.words, ...searchTokens(named)])] }
        : {}),
      updatedAt: Math.max(known.updatedAt, remote.updatedAt),
      pinned: entry.pinned === true,
      // Finished elsewhere (an admin, a job): the server says so; a server that does not know finishing leaves it.
      ...(remote.finishedAt !== undefined ? { finishedAt: remote.finishedAt } : {}),
    });
  }
  return [...rows.values()];
}
