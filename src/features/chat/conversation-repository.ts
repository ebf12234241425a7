import { z } from 'zod';
import { endAnswer } from '@/domain/answer';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { readTurn } from '@/domain/conversations/transfer';
import { consoleDatabase, type ConsoleDatabase } from '@/lib/db';
import { isTurnActive, type Turn } from './turn';

// Conversations of one person in the console's database: list entries, turns and drafts in their own tables,
// so opening the list never reads a turn and typing never rewrites a conversation.

const summarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  selection: z.record(z.string(), z.string()),
  words: z.array(z.string()),
});

const requestSchema = z.object({
  logId: z.string(),
  forwarded: z
    .object({
      profileName: z.string().nullable(),
      propagate: z.boolean(),
      headers: z.array(z.object({ name: z.string(), template: z.string(), value: z.string(), stripped: z.boolean() })),
      notSent: z.array(z.string()),
    })
    .nullable(),
});

/** A turn read back; one still marked as answering was cut off when its page closed: it shows what had arrived. */
function readStoredTurn(raw: unknown): Turn | null {
  const turn = readTurn(raw);
  if (!turn) return null;
  const request = requestSchema.safeParse((raw as { request?: unknown }).request);
  const read: Turn = request.success ? { ...turn, request: request.data } : turn;
  return isTurnActive(read) ? { ...read, status: 'interrupted', answer: endAnswer(read.answer, 'interrupted') } : read;
}

export interface Snapshot {
  summary: ConversationSummary;
  turns: Turn[];
}

export interface ConversationRepository {
  list(): Promise<{ conversations: ConversationSummary[]; unreadable: number }>;
  turnsOf(conversationId: string): Promise<Turn[]>;
  saveSummary(summary: ConversationSummary): Promise<void>;
  saveTurn(conversationId: string, turn: Turn): Promise<void>;
  /** Removes a conversation with its turns and draft, and returns them so an undo can put them back. */
  remove(conversationId: string): Promise<Snapshot | null>;
  restore(snapshot: Snapshot): Promise<void>;
  draftOf(conversationKey: string): Promise<string>;
  saveDraft(conversationKey: string, text: string): Promise<void>;
}

export function conversationRepository(owner: string, db: ConsoleDatabase = consoleDatabase()): ConversationRepository {
  const summaryOf = async (id: string) => {
    const parsed = summarySchema.safeParse(await db.conversations.get([owner, id]));
    return parsed.success ? parsed.data : null;
  };
  const turnsOf = async (conversationId: string) =>
    (await db.turns.where('[owner+conversationId]').equals([owner, conversationId]).toArray()).flatMap((raw) => readStoredTurn(raw) ?? []);
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
    async saveSummary(summary) {
      await db.conversations.put({ ...summary, words: [...summary.words], owner });
    },
    async saveTurn(conversationId, turn) {
      await db.turns.put({ ...turn, owner, conversationId });
    },
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
      db.transaction('rw', db.conversations, db.turns, async () => {
        await db.conversations.put({ ...summary, words: [...summary.words], owner });
        await db.turns.bulkPut(turns.map((turn) => ({ ...turn, owner, conversationId: summary.id })));
      }),
    async draftOf(conversationKey) {
      return (await db.drafts.get([owner, conversationKey]))?.text ?? '';
    },
    async saveDraft(conversationKey, text) {
      if (text === '') await db.drafts.delete([owner, conversationKey]);
      else await db.drafts.put({ owner, conversationId: conversationKey, text, updatedAt: Date.now() });
    },
  };
}
