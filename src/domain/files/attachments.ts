import { z } from 'zod';
import { decodeFileUrl } from './file-url';

// The files attached to a message being written: each one uploading, stored (with the file_url the call sends in
// file_names), or refused (with the server's reason or the HTTP error). A refused file never holds up the others.

export type AttachmentStatus = 'uploading' | 'uploaded' | 'failed';

export interface Attachment {
  id: string;
  name: string;
  size: number;
  /** The browser's type for it (pasted images, chosen files); the stored type once the server named it. */
  mime: string;
  status: AttachmentStatus;
  /** Bytes sent so far while uploading. */
  loaded: number;
  fileUrl?: string;
  error?: string;
}

export type AttachmentEvent =
  | { type: 'picked'; files: readonly Pick<Attachment, 'id' | 'name' | 'size' | 'mime'>[] }
  | { type: 'progressed'; id: string; loaded: number }
  | { type: 'uploaded'; id: string; fileUrl: string }
  | { type: 'failed'; id: string; reason: string }
  | { type: 'removed'; id: string }
  /** The draft's stored files came back from this browser's storage; those attached meanwhile stay after them. */
  | { type: 'restored'; attachments: readonly Attachment[] }
  /** The message was sent with its files. */
  | { type: 'sent' };

const change = (
  list: readonly Attachment[],
  id: string,
  update: (attachment: Attachment) => Attachment,
): Attachment[] =>
  list.map((attachment) =>
    attachment.id === id && attachment.status === 'uploading' ? update(attachment) : attachment,
  );

export function applyAttachmentEvent(list: readonly Attachment[], event: AttachmentEvent): readonly Attachment[] {
  switch (event.type) {
    case 'picked':
      return [...list, ...event.files.map((file): Attachment => ({ ...file, status: 'uploading', loaded: 0 }))];
    case 'progressed':
      return change(list, event.id, (attachment) => ({
        ...attachment,
        loaded: Math.min(attachment.size, Math.max(attachment.loaded, event.loaded)),
      }));
    case 'uploaded':
      return change(list, event.id, (attachment) => {
        const stored = decodeFileUrl(event.fileUrl);
        return {
          ...attachment,
          status: 'uploaded',
          loaded: attachment.size,
          fileUrl: event.fileUrl,
          ...(stored?.mime ? { mime: stored.mime } : {}),
        };
      });
    case 'failed':
      return change(list, event.id, (attachment) => ({ ...attachment, status: 'failed', error: event.reason }));
    case 'removed':
      return list.filter((attachment) => attachment.id !== event.id);
    case 'restored': {
      const known = new Set(list.map((attachment) => attachment.fileUrl).filter(Boolean));
      return [...event.attachments.filter((attachment) => !known.has(attachment.fileUrl)), ...list];
    }
    case 'sent':
      return [];
  }
}

export const uploadingCount = (list: readonly Attachment[]): number =>
  list.filter((attachment) => attachment.status === 'uploading').length;

/** What the call sends as file_names: the stored files' URLs, in the order they were attached. */
// A name uploaded twice is stored once (the server keys files by owner and name): its URL is sent once.
export const fileNamesOf = (list: readonly Attachment[]): string[] => [
  ...new Set(
    list.flatMap((attachment) => (attachment.status === 'uploaded' && attachment.fileUrl ? [attachment.fileUrl] : [])),
  ),
];

/** Why Send waits, or null when it need not. */
export function sendWaitReason(list: readonly Attachment[]): string | null {
  const uploading = uploadingCount(list);
  if (uploading === 0) return null;
  return `Wait for ${uploading === 1 ? 'the upload' : `${uploading} uploads`} to finish, or remove ${uploading === 1 ? 'it' : 'them'}.`;
}

// Only stored files are kept with the draft: an upload cut off by a reload is gone, and a refusal was said already.
const storedSchema = z.array(
  z.object({ fileUrl: z.string().min(1), name: z.string(), size: z.number().nonnegative(), mime: z.string() }),
);

/** The draft's files as saved in this browser; '' (which removes the record) when none is stored. */
export function writeDraftFiles(list: readonly Attachment[]): string {
  const stored = list.flatMap(({ status, fileUrl, name, size, mime }) =>
    status === 'uploaded' && fileUrl ? [{ fileUrl, name, size, mime }] : [],
  );
  return stored.length ? JSON.stringify(stored) : '';
}

/** The files of a saved draft; a damaged record reads as none rather than breaking the composer. */
export function readDraftFiles(text: string): Attachment[] {
  if (text === '') return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = storedSchema.safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.map(({ fileUrl, name, size, mime }) => ({
    id: `stored:${fileUrl}`,
    name,
    size,
    mime,
    status: 'uploaded',
    loaded: size,
    fileUrl,
  }));
}

/** Whether a file is shown as a picture: images a browser draws, not SVG (real servers send SVG as a download). */
export const isPicture = (mime: string): boolean => mime.startsWith('image/') && !mime.startsWith('image/svg');

/**
 * The name a pasted picture is uploaded under. Browsers name every clipboard image "image.png", and real servers
 * store a file under its owner and name, so a second paste would overwrite the first: each gets its moment.
 */
export function pastedFileName(name: string, mime: string, at: Date): string {
  if (name && !/^image\.\w+$/i.test(name)) return name;
  const extension = /^image\/([a-z0-9]+)/i.exec(mime)?.[1]?.toLowerCase().replace('jpeg', 'jpg') ?? 'png';
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `pasted-${stamp}-${String(at.getUTCMilliseconds()).padStart(3, '0')}.${extension}`;
}
