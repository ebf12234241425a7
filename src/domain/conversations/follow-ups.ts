import { z } from 'zod';
import { toolCallPolicySchema } from '@/domain/approval/tool-policy';

// Questions typed while an answer streams wait in a queue and go one per turn, in order, when it ends. The queue is
// the conversation's (a typed field of its list entry, saved and shared with the person's other tabs as the entry
// is), drained by the chat runtime whatever screen is open.

/** What a queued question is sent with, as chosen when it was queued. */
export const queuedChoiceSchema = z.object({
  assistant: z.object({ id: z.string(), name: z.string() }),
  model: z.string(),
  mode: z.enum(['stream', 'json']),
  tools: z.object({ webSearch: z.boolean(), codeInterpreter: z.boolean() }).optional(),
  toolPolicy: toolCallPolicySchema.optional(),
});
export type QueuedChoice = z.output<typeof queuedChoiceSchema>;

const followUpSchema = z.object({
  id: z.string().min(1),
  text: z.string(),
  choice: queuedChoiceSchema.optional().catch(undefined),
});
export type FollowUp = z.output<typeof followUpSchema>;

export const followUpQueueSchema = z.object({
  items: z.array(followUpSchema).transform((items) => items.filter((item) => item.text.trim() !== '')),
  /** The person stopped it (or stopped the answer), or the last answer failed: it waits for them. */
  paused: z.object({ reason: z.string(), since: z.number() }).optional(),
  /** The tab that sends from it (where it was last added to or sent from); the person's other tabs show it. */
  tab: z.string().optional(),
  /** Counts its changes: of two copies (this tab's, another tab's word), the later one stands. */
  rev: z.number().optional(),
});
export type FollowUpQueue = z.output<typeof followUpQueueSchema>;

/** The draft key under which earlier consoles kept a conversation's queue (read once, moved into the entry). */
export const legacyFollowUpsKey = (conversationId: string) => `${conversationId}#queue`;

const legacySchema = z.array(z.object({ id: z.string().min(1), text: z.string() }));

/** A queue kept as a draft by earlier consoles; a damaged one reads as empty rather than breaking the conversation. */
export function readLegacyFollowUps(stored: string | undefined): FollowUp[] {
  if (!stored) return [];
  try {
    const parsed = legacySchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data.filter((item) => item.text.trim() !== '') : [];
  } catch {
    return [];
  }
}

/** The queue with one question moved by `by` places (clamped at either end). */
export function moved(queue: readonly FollowUp[], id: string, by: number): FollowUp[] {
  const from = queue.findIndex((item) => item.id === id);
  if (from < 0) return [...queue];
  const to = Math.max(0, Math.min(queue.length - 1, from + by));
  const next = [...queue];
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return next;
}

/** What the runtime does with a conversation's queue once no answer runs in it. */
export type QueueStep =
  | { kind: 'nothing' }
  /** The first question goes now; `queue` is what stays. */
  | { kind: 'send'; item: FollowUp; queue: FollowUpQueue }
  /** It stops until the person says (the last answer failed): `queue` carries why. */
  | { kind: 'pause'; queue: FollowUpQueue };

/**
 * The next step of a queue after its conversation's latest turn ended as `latest` (pure: the runtime applies it). A
 * queue goes on after a completed answer; waits (held, not paused) while the assistant waits for the person, and after
 * a stopped answer (Stop pauses it itself; Send now sends its own question next); pauses after a failure.
 */
export function nextQueueStep(
  queue: FollowUpQueue | undefined,
  latest: 'completed' | 'waiting' | 'stopped' | 'failed' | 'interrupted' | undefined,
  now: number,
): QueueStep {
  if (!queue || queue.items.length === 0 || queue.paused) return { kind: 'nothing' };
  if (latest === 'failed' || latest === 'interrupted')
    return { kind: 'pause', queue: { ...queue, paused: { reason: 'the last answer did not finish', since: now } } };
  if (latest !== 'completed') return { kind: 'nothing' };
  const [item, ...rest] = queue.items;
  if (!item) return { kind: 'nothing' };
  return { kind: 'send', item, queue: { ...queue, items: rest } };
}

/**
 * Of this tab's copy of a queue and one another tab sent (as part of a list entry it saved), the later: a tab that had
 * not yet heard of a change sends its older copy back with whatever else it saved, and that copy must not win.
 */
export function laterQueue(
  here: FollowUpQueue | undefined,
  heard: FollowUpQueue | undefined,
): FollowUpQueue | undefined {
  if (!here) return heard;
  if (!heard) return here;
  return (heard.rev ?? 0) >= (here.rev ?? 0) ? heard : here;
}
