// The `file_names` of an assistant call: each must be a file URL (real servers fail the run otherwise), and the
// prompt the assistant sees names the files, as real servers' prompt builder writes it.
import { decodeFileUrl } from './file-url';
import type { FileStore } from './store';

export interface AttachedFile {
  name: string;
  mime: string;
  /** The stored content; null when the URL names no stored file. */
  data: Buffer | null;
}

/** The decoded files; throws InvalidFileUrl for a name that is not a file URL. */
export function attachedFiles(fileNames: readonly string[], store: FileStore): AttachedFile[] {
  return fileNames.map((url) => {
    const ref = decodeFileUrl(url);
    const stored = store.get(ref);
    return { name: ref.name, mime: stored?.mime ?? ref.mime, data: stored?.data ?? null };
  });
}

export const promptWithFiles = (text: string, files: readonly AttachedFile[]): string =>
  files.length === 0 ? text : `${text}\n Attached files: ${files.map((file) => file.name).join(', ')}`;
