// Uploaded files, in memory, keyed as real servers key them: owner (the user id) and original file name.
// A re-upload of a name replaces the content and keeps the URL.
import { encodeFileUrl, mimeOf, type FileRef } from './file-url';

export interface StoredFile extends FileRef {
  data: Buffer;
}

export class FileStore {
  private readonly files = new Map<string, StoredFile>();

  private static key(owner: string, name: string): string {
    return `${owner}\u0000${name}`;
  }

  /** Stores the file and answers its `file_url`; the MIME comes from the name, never from the client. */
  put(owner: string, name: string, data: Buffer): string {
    const file: StoredFile = { mime: mimeOf(name), owner, name, data };
    this.files.set(FileStore.key(owner, name), file);
    return encodeFileUrl(file);
  }

  /** The file a decoded URL names, whatever MIME the URL says (the stored one wins, as on real servers). */
  get(ref: FileRef): StoredFile | undefined {
    return this.files.get(FileStore.key(ref.owner, ref.name));
  }
}
