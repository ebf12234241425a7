import { z } from 'zod';

// Questions typed while an answer streams wait in a queue and go one per turn, in order, when it ends. The queue is a
// draft too: saved with the composer's drafts under a key of its own per conversation, so a reload keeps it.

export interface FollowUp {
  id: string;
  text: string;
}

export const followUpsKey = (conversationId: string) => `${conversationId}#queue`;

const followUpsSchema = z.array(z.object({ id: z.string().min(1), text: z.string() }));

/** The queue of a saved record; a damaged one reads as empty rather than breaking the conversation. */
export function readFollowUps(stored: string | undefined): FollowUp[] {
  if (!stored) return [];
  try {
    const parsed = followUpsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data.filter((item) => item.text.trim() !== '') : [];
  } catch {
    return [];
  }
}

/** The record to save; '' (which removes it) once the queue is empty. */
export const writeFollowUps = (queue: readonly FollowUp[]): string => (queue.length ? JSON.stringify(queue) : '');

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
