import { z } from 'zod';

/**
 * Questions being edited in place are drafts too: they are saved in the drafts table next to the composer's, under
 * a key of their own per conversation, as one record mapping turn ids to the edited text.
 */
export const editDraftsKey = (conversationId: string) => `${conversationId}#edits`;

const editDraftsSchema = z.record(z.string(), z.string());

/** The edits of a saved record; a damaged one reads as none rather than breaking the conversation. */
export function readEditDrafts(stored: string): Record<string, string> {
  if (stored === '') return {};
  try {
    const parsed = editDraftsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The record to save; '' (which removes it) once no question is being edited. */
export const writeEditDrafts = (edits: Readonly<Record<string, string>>): string =>
  Object.keys(edits).length ? JSON.stringify(edits) : '';
