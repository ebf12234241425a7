import Dexie from 'dexie';
import { z } from 'zod';
import { endAnswer } from '@/domain/answer/answer';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { readTurn } from '@/domain/conversations/transfer/transfer';
import { emptyThoughtTree } from '@/domain/thoughts/thought-tree';
import type { ConsoleDatabase, OwnedRecord } from '@/lib/storage/db';
import { reportWrite } from '@/lib/storage/storage-health';
import { isTurnActive, type Turn } from '@/features/chat/runtime/turn';

// Conversations of one person in the console's database: list entries, turns and drafts in their own tables,
// so opening the list never reads a turn and typing never rewrites a conversation.

/** One turn of a conversation as stored: the turn's fields beside its owner, conversation and format. */
type StoredTurn = OwnedRecord;

/** The unsent text of one conversation ('' for a new chat), kept apart so typing writes only a few bytes. */
const draftSchema = z.object({ text: z.string() });

/** A conversation's list entry (title, recency, chosen versions, search words); its turns are stored apart. */
const summarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  selection: z.record(z.string(), z.string()),
  words: z.array(z.string()),
  assistant: z.object({ id: z.string(), name: z.string(), model: z.string().optional() }).optional(),
  pinned: z.boolean().optional(),
  server: z.object({ updateDate: z.string(), items: z.number() }).optional(),
  waiting: z
    .object({ kind: z.enum(['tool-call', 'form']), what: z.string(), since: z.number() })
    .optional()
    .catch(undefined),
  toolCallPolicy: z.enum(['auto_approve', 'approve_for_me', 'ask_for_approval']).optional().catch(undefined),
});

const requestSchema = z.object({
  logId: z.string(),
  forwarded: z
    .object({
      profileName: z.string().nullable(),
      propagate: z.boolean(),
      headers: z.array(
        z.object({
          name: z.string(),
          template: z.string(),
          value: z.string(),
          stripped: z.boolean(),
          secret: z.boolean().optional(),
        }),
      ),
      notSent: z.array(z.string()),
    })
    .nullable(),
});

/**
 * The shape of turns this version of the console writes. A record written in it was built from a `Turn` by
 * `saveTurn` (or checked on import before), so reading it back needs no second full check; a record without it
 * (an older console's, or one written by hand) is checked field by field. Raise it when `Turn` changes shape.
 */
const turnFormat = 1;

/** What the transcript relies on to lay a turn out at all; enough to skip a record that was damaged. */
const looksLikeTurn = (raw: Record<string, unknown>) => {
  const answer = raw.answer as { text?: unknown; thoughts?: { roots?: unknown } } | null | undefined;
  return (
    typeof raw.id === 'string' &&
    typeof raw.question === 'string' &&
    typeof answer?.text === 'string' &&
    Array.isArray(answer.thoughts?.roots)
  );
};

function checkedTurn(raw: StoredTurn): Turn | null {
  if (raw.format === turnFormat) {
    const { owner: _owner, conversationId: _conversationId, format: _format, ...turn } = raw;
    return looksLikeTurn(turn) ? (turn as unknown as Turn) : null;
  }
  const turn = readTurn(raw);
  if (!turn) return null;
  const request = requestSchema.safeParse(raw.request);
  return request.success ? { ...turn, request: request.data } : turn;
}

/** A turn read back; one still marked as answering was cut off when its page closed: it shows what had arrived. */
function readStoredTurn(raw: StoredTurn): Turn | null {
  const read = checkedTurn(raw);
  if (!read) return null;
  return isTurnActive(read) ? { ...read, status: 'interrupted', answer: endAnswer(read.answer, 'interrupted') } : read;
}

/** A turn as stored: with its owner, its conversation and the format it is written in. */
const storedTurn = (owner: string, conversationId: string, turn: Turn): StoredTurn => ({
  ...turn,
  owner,
  conversationId,
  format: turnFormat,
});

export interface Snapshot {
  summary: ConversationSummary;
  turns: Turn[];
}

/** What "Free space" removed: thought trees (with the tool outputs in them) of older conversations' answers. */
export interface FreedSpace {
  conversations: number;
  turns: number;
  /** About how much was removed (characters of the stored trees). */
  bytes: number;
  /** Conversations whose turns could not be rewritten (the write itself failed). */
  failed: number;
}

/** A stored turn without its thought tree, or null when it has none to drop; read loosely, as stored records may be old. */
function withoutThoughts(raw: StoredTurn): { turn: StoredTurn; bytes: number } | null {
  const answer = raw.answer as { thoughts?: { roots?: unknown[]; waiting?: object } } | undefined;
  const thoughts = answer?.thoughts;
  if (!thoughts || ((thoughts.roots?.length ?? 0) === 0 && Object.keys(thoughts.waiting ?? {}).length === 0))
    return null;
  return {
    turn: { ...raw, answer: { ...answer, thoughts: emptyThoughtTree } },
    bytes: JSON.stringify(thoughts).length,
  };
}

export interface ConversationRepository {
  list(): Promise<{ conversations: ConversationSummary[]; unreadable: number }>;
  turnsOf(conversationId: string): Promise<Turn[]>;
  /** The `count` turns started last, oldest first: a long conversation's end, read before the rest. */
  recentTurnsOf(conversationId: string, count: number): Promise<Turn[]>;
  saveSummary(summary: ConversationSummary): Promise<void>;
  saveTurn(conversationId: string, turn: Turn): Promise<void>;
  /** Replaces every turn of a conversation (a server's copy read again). */
  replaceTurns(conversationId: string, turns: readonly Turn[]): Promise<void>;
  /** Removes a conversation with its turns and draft, and returns them so an undo can put them back. */
  remove(conversationId: string): Promise<Snapshot | null>;
  restore(snapshot: Snapshot): Promise<void>;
  draftOf(conversationKey: string): Promise<string>;
  saveDraft(conversationKey: string, text: string): Promise<void>;
  /**
   * Drops the thought trees and tool outputs of every conversation but the `keepNewest` most recent ones,
   * keeping questions and answers: what a full storage quota can spare first.
   */
  freeSpace(keepNewest?: number): Promise<FreedSpace>;
}

/** A list entry as another tab of the same person sent it; null when it is not one. */
export function readSummary(value: unknown): ConversationSummary | null {
  const parsed = summarySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function conversationRepository(owner: string, db: ConsoleDatabase): ConversationRepository {
  const summaryOf = async (id: string) => {
    const parsed = summarySchema.safeParse(await db.conversations.get([owner, id]));
    return parsed.success ? parsed.data : null;
  };
  const turnsOf = async (conversationId: string) =>
    (await db.turns.where('[owner+conversationId]').equals([owner, conversationId]).toArray()).flatMap(
      (raw) => readStoredTurn(raw) ?? [],
    );
  return {
    async list() {
      const stored = await db.conversations.where('owner').equals(owner).toArray();
      const conversations = stored.flatMap((raw) => {
        const parsed = summarySchema.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      });
      return { conversations, unreadable: stored.length - conversations.length };
    },
    turnsOf,
    async recentTurnsOf(conversationId, count) {
      const recent = await db.turns
        .where('[owner+conversationId+startedAt]')
        .between([owner, conversationId, Dexie.minKey], [owner, conversationId, Dexie.maxKey])
        .reverse()
        .limit(count)
        .toArray();
      return recent.reverse().flatMap((raw) => readStoredTurn(raw) ?? []);
    },
    // Every write reports a failure to the storage banner (a full quota must not pass silently), then fails as before.
    async saveSummary(summary) {
      await reportWrite('a conversation', db.conversations.put({ ...summary, words: [...summary.words], owner }));
    },
    async saveTurn(conversationId, turn) {
      await reportWrite('a conversation turn', db.turns.put(storedTurn(owner, conversationId, turn)));
    },
    replaceTurns: (conversationId, turns) =>
      reportWrite(
        'a conversation read from the server',
        db.transaction('rw', db.turns, async () => {
          await db.turns.where('[owner+conversationId]').equals([owner, conversationId]).delete();
          await db.turns.bulkPut(turns.map((turn) => storedTurn(owner, conversationId, turn)));
        }),
      ),
    remove: (conversationId) =>
      db.transaction('rw', db.conversations, db.turns, db.drafts, async () => {
        const summary = await summaryOf(conversationId);
        if (!summary) return null;
        const turns = await turnsOf(conversationId);
        await db.turns.where('[owner+conversationId]').equals([owner, conversationId]).delete();
        await db.conversations.delete([owner, conversationId]);
        await db.drafts.delete([owner, conversationId]);
        return { summary, turns };
      }),
    restore: ({ summary, turns }) =>
      reportWrite(
        'a restored conversation',
        db.transaction('rw', db.conversations, db.turns, async () => {
          await db.conversations.put({ ...summary, words: [...summary.words], owner });
          await db.turns.bulkPut(turns.map((turn) => storedTurn(owner, summary.id, turn)));
        }),
      ),
    async draftOf(conversationKey) {
      const draft = draftSchema.safeParse(await db.drafts.get([owner, conversationKey]));
      return draft.success ? draft.data.text : '';
    },
    async saveDraft(conversationKey, text) {
      if (text === '') await db.drafts.delete([owner, conversationKey]);
      else
        await reportWrite(
          'the draft',
          db.drafts.put({ owner, conversationId: conversationKey, text, updatedAt: Date.now() }),
        );
    },
    async freeSpace(keepNewest = 3) {
      const byAge = await db.conversations
        .where('[owner+updatedAt]')
        .between([owner, Dexie.minKey], [owner, Dexie.maxKey])
        .toArray();
      const freed: FreedSpace = { conversations: 0, turns: 0, bytes: 0, failed: 0 };
      // One transaction per conversation, oldest first: each one that commits frees its share even if a later one fails.
      const ids = byAge.flatMap((record) => (typeof record.id === 'string' ? [record.id] : []));
      for (const id of ids.slice(0, Math.max(0, ids.length - keepNewest))) {
        try {
          const done = await db.transaction('rw', db.turns, async () => {
            const slimmed = (await db.turns.where('[owner+conversationId]').equals([owner, id]).toArray()).flatMap(
              (raw) => withoutThoughts(raw) ?? [],
            );
            if (slimmed.length) await db.turns.bulkPut(slimmed.map(({ turn }) => turn));
            return slimmed;
          });
          if (done.length === 0) continue;
          freed.conversations += 1;
          freed.turns += done.length;
          freed.bytes += done.reduce((sum, { bytes }) => sum + bytes, 0);
        } catch {
          freed.failed += 1;
        }
      }
      return freed;
    },
  };
}
