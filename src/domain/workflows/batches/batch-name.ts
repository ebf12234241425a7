import { characterCount, firstControlCharacter } from '@/domain/workflows/request/text-measure';

// A batch may carry a name of the person's ("prompt v2"): it names the batch in the runs history, on its page and in
// comparisons. Without one, a batch is known by when it started.

export const batchNameLimit = 60;

/** What is wrong with a name typed for a batch, or null (an empty name is fine: the batch is named by its time). */
export function batchNameProblem(name: string): string | null {
  const trimmed = name.trim();
  const length = characterCount(trimmed);
  if (length > batchNameLimit) return `The batch name is ${length} characters; at most ${batchNameLimit}.`;
  const control = firstControlCharacter(trimmed);
  if (control) return `The batch name has a control character (${control}); type it without.`;
  return null;
}

/** A name as kept: trimmed, and absent when nothing is left. */
export const keptBatchName = (name: string): string | undefined => name.trim() || undefined;

export interface NamedBatch {
  name?: string | undefined;
  createdAt: number;
}

/** When a batch started, in the browser's zone (or `locale`'s): "26/11/2026, 10:42:07". */
export const batchTime = (batch: NamedBatch, locale?: string) => new Date(batch.createdAt).toLocaleString(locale);

/** A batch as one label: “prompt v2” when it has a name, else when it started ("Batch of 26/11/2026, 10:42:07"). */
export const batchLabel = (batch: NamedBatch, locale?: string) =>
  batch.name ? `Batch “${batch.name}”` : `Batch of ${batchTime(batch, locale)}`;
