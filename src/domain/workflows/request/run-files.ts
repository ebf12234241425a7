import type { ApiError } from '@/domain/errors/api-error';
import { fileLabel } from '@/domain/files/file-url';

// Current servers check a run's files when it starts (CURRENT-SERVERS.md §7): more than 20, a bare name, an unsafe
// path, or a file the caller could not download (someone else's upload, one reachable only through a chat share) is a
// 400 before anything is stored. Re-running a run that used another person's files fails so: the file is asked again.

/** The most files a run may carry (the servers' default limit). */
export const maxRunFiles = 20;

/** Why a run cannot carry these files, checked before sending (null: it can). */
export function runFilesProblem(fileNames: readonly string[]): string | null {
  if (fileNames.length <= maxRunFiles) return null;
  return `A run takes at most ${maxRunFiles} files; ${fileNames.length} were chosen. Remove ${fileNames.length - maxRunFiles}, then start it.`;
}

/** A file the server refused at start, by the name the person knows it by, and the server's reason in its words. */
export interface FileRefusal {
  name: string;
  reason: string;
}

const textOf = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * A run start's 400 about its files, or null: the refused file is the one the server's words name (else the first
 * sent), so it is said beside the file field. Read from what the server answered, whatever its exact wording.
 */
export function fileRefusalOf(error: ApiError, fileNames: readonly string[]): FileRefusal | null {
  if (error.status !== 400 || fileNames.length === 0) return null;
  const words = [error.serverMessage, textOf(error.details)].filter(Boolean).join(' ');
  if (!/\bfiles?\b/i.test(words)) return null;
  const names = fileNames.map(fileLabel);
  const name = names.find((candidate) => words.includes(candidate)) ?? names[0] ?? '';
  const reason = [error.serverMessage ?? '', textOf(error.details), error.help ?? '']
    .map((part) => part.trim().replace(/\.$/, ''))
    .filter(Boolean)
    .join('. ');
  return { name, reason: `${reason}.` };
}

/** What the file field says when a file must be chosen again. */
export const chooseAgainMessage = ({ name, reason }: FileRefusal): string =>
  `Choose “${name}” again: the server refused it when the run started (${reason}) Attach your own copy, then start the run.`;
