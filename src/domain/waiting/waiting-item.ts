import { z } from 'zod';
// What waits for the person, wherever it is: a paused tool call, a form or a paused queue of questions in a chat, a
// workflow run or a batch row waiting for approval. One list ("Waiting for you") counts them all.

export type WaitingKind = 'tool-call' | 'form' | 'queue' | 'run' | 'batch-row';

export type WaitingPlace =
  | { screen: 'chat'; conversationId: string }
  | { screen: 'run'; runId: string }
  | { screen: 'batch'; batchId: string }
  /** A run this browser does not hold: opened from the server's execution, then kept here as any run. */
  | { screen: 'execution'; workflowId: string; executionId: string };

export interface WaitingItem {
  key: string;
  kind: WaitingKind;
  /** Where it is: a conversation's or a run's name. */
  title: string;
  /** What waits, in a few words ("Records Keeper wants to run Delete Records"). */
  what: string;
  /** Since when it waits (epoch ms). */
  since: number;
  place: WaitingPlace;
}

/** What a conversation's list entry keeps of what waits in it, so the count is known without its turns. */
export const conversationWaitingSchema = z.object({
  kind: z.enum(['tool-call', 'form']),
  what: z.string(),
  since: z.number(),
});
export type ConversationWaiting = z.output<typeof conversationWaitingSchema>;

const order: Record<WaitingKind, number> = { 'tool-call': 0, form: 1, queue: 2, run: 3, 'batch-row': 4 };

/** The list as shown: the longest waiting first (ties by kind). */
export const sortWaiting = (items: readonly WaitingItem[]): WaitingItem[] =>
  [...items].sort((a, b) => a.since - b.since || order[a.kind] - order[b.kind]);
