import Dexie from 'dexie';
import { z } from 'zod';
import { answerSchema, endAnswer } from '@/domain/answer/answer';
import { summarySchema, type ConversationSummary } from '@/domain/conversations/conversation';
import { emptyThoughtTree } from '@/domain/thoughts/thought-tree';
import { thoughtTreeOutlineSchema } from '@/domain/thoughts/thought-node';
import type { ConsoleDatabase, OwnedRecord } from '@/lib/storage/db';
import { reportWrite } from '@/lib/storage/storage-health';
import { consoleTurnSchema, isTurnActive, type Turn } from '@/features/chat/runtime/turn';

// Conversations of one person in the console's database: list entries, turns and drafts in their own tables,
// so opening the list never reads a turn and typing never rewrites a conversation.

/** One turn of a conversation as stored: the turn's fields beside its owner, conversation and format. */
type StoredTurn = OwnedRecord;

/** The unsent text of one conversation ('' for a new chat), kept apart so typing writes only a few bytes. */
const draftSchema = z.object({ text: z.string() });

/**
 * The shape of turns this version of the console writes. Raise it when `Turn` changes shape in a way the schema
 * cannot read from the older records.
 */
const turnFormat = 1;

// How stored turns are checked. Opening a long conversation reads all its turns (bench "10000 turns: load →
// usable"), so the check must stay cheap there. Every record is read through the turn's schema, field by field: what
// fails is skipped and counted, never trusted. The one part whose cost grows with the work an answer did is its
// thought tree (a tool-heavy answer holds hundreds of nodes): in records this console wrote in the current format
// (`saveTurn` built them from a `Turn`), the tree is checked at its top level only (its roots and waiting nodes);
// records of another format (an older console's, or one written by hand) are checked down to every node. Checking
// every node of every tree of 10,000 turns costs tens of milliseconds more (zod runs without compiled parsers under
// the CSP); the top level is what a damaged record (a truncated write, a hand edit) loses first.
const writtenHereSchema = consoleTurnSchema.extend({
  answer: answerSchema.extend({ thoughts: thoughtTreeOutlineSchema.default(emptyThoughtTree) }),
});

/** A stored turn without its owner, conversation and format, checked; null (and why) when it is not a turn. */
function checkedTurn(raw: StoredTurn): { turn: Turn } | { problem: string } {
  const { owner: _owner, conversationId: _conversationId, format, ...fields } = raw;
  const schema = format === turnFormat ? writtenHereSchema : consoleTurnSchema;
  // A record nested beyond what the checker's recursion can take is as unreadable as a malformed one.
  try {
    const parsed = schema.safeParse(fields);
    if (parsed.success) return { turn: parsed.data };
    const issue = parsed.error.issues[0];
    return { problem: issue ? `${issue.path.join('.') || 'the record'}: ${issue.message}` : 'not a turn' };
  } catch (error) {
    if (error instanceof RangeError) return { problem: 'nested too deeply' };
    throw error;
  }
}

/** A turn read back; one still marked as answering was cut off when its page closed: it shows what had arrived. */
const settled = (turn: Turn): Turn =>
  isTurnActive(turn) ? { ...turn, status: 'interrupted', answer: endAnswer(turn.answer, 'interrupted') } : turn;

/** Turns read back, and why each record that is not shown could not be read ("turn t1: answer.text …"). */
export interface TurnsRead {
  turns: Turn[];
  unreadable: string[];
}

function readStoredTurns(records: readonly StoredTurn[]): TurnsRead {
  const read: TurnsRead = { turns: [], unreadable: [] };
  for (const record of records) {
    const checked = checkedTurn(record);
    if ('turn' in checked) read.turns.push(settled(checked.turn));
    else read.unreadable.push(`turn ${typeof record.id === 'string' ? record.id : '(no id)'}: ${checked.problem}`);
  }
  return read;
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
  /** The turns, and what could not be read of them: opening a conversation tells the person. */
  turnsRead(conversationId: string): Promise<TurnsRead>;
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
  const turnsRead = async (conversationId: string) =>
    readStoredTurns(await db.turns.where('[owner+conversationId]').equals([owner, conversationId]).toArray());
  const turnsOf = async (conversationId: string) => (await turnsRead(conversationId)).turns;
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
    turnsRead,
    async recentTurnsOf(conversationId, count) {
      const recent = await db.turns
        .where('[owner+conversationId+startedAt]')
        .between([owner, conversationId, Dexie.minKey], [owner, conversationId, Dexie.maxKey])
        .reverse()
        .limit(count)
        .toArray();
      return readStoredTurns(recent.reverse()).turns;
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
