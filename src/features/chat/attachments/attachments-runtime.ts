import { createStore, type StoreApi } from 'zustand/vanilla';
import { uploadFiles, type UploadFile, type UploadOutcome } from '@/api/file-upload';
import type { ApiClient } from '@/api/client/http-client';
import { isApiError } from '@/domain/errors/api-error';
import { describeError } from '@/domain/errors/describe-error';
import {
  applyAttachmentEvent,
  fileNamesOf,
  readDraftFiles,
  writeDraftFiles,
  type Attachment,
  type AttachmentEvent,
} from '@/domain/files/attachments';
import { fileLimits, screenFiles } from '@/domain/files/limits';
import type { ConversationRepository } from '@/features/chat/conversations/conversation-repository';
import { createDraftSaver } from '@/features/chat/runtime/draft-saver';
import { idRecord, withId } from '@/lib/id-record';

/** The files of each draft (by draft key: a conversation id, or the new chat's ''). */
export interface AttachmentsState {
  drafts: Readonly<Record<string, readonly Attachment[]>>;
  happened(key: string, event: AttachmentEvent): void;
}

export interface AttachmentsRuntime {
  store: StoreApi<AttachmentsState>;
  /** Reads the draft's files saved in this browser (once per key). */
  load(key: string): void;
  /** Checks the limits first, then uploads each accepted file on its own; returns why the others were refused. */
  attach(key: string, files: readonly UploadFile[], bytesEach?: number): string[];
  remove(key: string, id: string): void;
  /** The stored files' URLs to send, and the draft's files cleared (uploads still running are stopped). */
  take(key: string): string[];
  /** Stops every upload (sign-out). */
  stop(): void;
}

export interface AttachmentsRuntimeDeps {
  repository: Pick<ConversationRepository, 'draftOf' | 'saveDraft'>;
  client: () => ApiClient;
  upload?: typeof uploadFiles;
  newId?: () => string;
  report?: (error: unknown) => void;
}

/** The attached files are saved beside the composer's draft text, under a key of their own. */
export const draftFilesKey = (key: string) => `${key}#files`;

function failureWords(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const described = describeError(error, 'assistant');
  return [described.title, described.serverMessage, described.requestId ? `Request ID: ${described.requestId}` : '']
    .filter(Boolean)
    .join(' · ');
}

/** Why the server kept no file for this upload: its own reason, else a plain one. */
const refusalOf = (outcome: UploadOutcome): string =>
  outcome.failed[0]?.reason ?? 'The server stored nothing and gave no reason.';

export function createAttachmentsRuntime(deps: AttachmentsRuntimeDeps): AttachmentsRuntime {
  const {
    repository,
    client,
    upload = uploadFiles,
    newId = () => crypto.randomUUID(),
    report = () => undefined,
  } = deps;
  const store = createStore<AttachmentsState>()((set) => ({
    drafts: idRecord(),
    happened: (key, event) =>
      set((state) => ({ drafts: withId(state.drafts, key, applyAttachmentEvent(state.drafts[key] ?? [], event)) })),
  }));
  const saver = createDraftSaver(repository, report);
  const controllers = new Map<string, AbortController>();
  const loaded = new Set<string>();
  const listOf = (key: string) => store.getState().drafts[key] ?? [];

  const happened = (key: string, event: AttachmentEvent) => {
    store.getState().happened(key, event);
    // Progress changes nothing kept; everything else may change which stored files the draft holds.
    if (event.type !== 'progressed') saver.save(draftFilesKey(key), writeDraftFiles(listOf(key)));
  };

  async function send(key: string, id: string, file: UploadFile) {
    const controller = new AbortController();
    controllers.set(id, controller);
    try {
      const outcome = await upload(client(), [file], {
        signal: controller.signal,
        kind: 'assistant',
        onProgress: (loaded) => happened(key, { type: 'progressed', id, loaded }),
      });
      const stored = outcome.uploaded[0];
      happened(
        key,
        stored ? { type: 'uploaded', id, fileUrl: stored.fileUrl } : { type: 'failed', id, reason: refusalOf(outcome) },
      );
    } catch (error) {
      if (!controller.signal.aborted) happened(key, { type: 'failed', id, reason: failureWords(error) });
    } finally {
      controllers.delete(id);
    }
  }

  const abort = (ids: Iterable<string>) => {
    for (const id of ids) controllers.get(id)?.abort();
  };

  return {
    store,
    load(key) {
      if (loaded.has(key)) return;
      loaded.add(key);
      void repository.draftOf(draftFilesKey(key)).then((text) => {
        const attachments = readDraftFiles(text);
        if (attachments.length) happened(key, { type: 'restored', attachments });
      }, report);
    },
    attach(key, files, bytesEach = fileLimits.bytesEach) {
      // Refused files stay listed until removed, so they do not count against the limit; the others do.
      const kept = listOf(key).filter((attachment) => attachment.status !== 'failed').length;
      const { accepted, refused } = screenFiles(files, kept, bytesEach);
      const picked = accepted.map((file) => ({ id: newId(), name: file.name, size: file.size, mime: file.type, file }));
      if (picked.length)
        happened(key, { type: 'picked', files: picked.map(({ file: _file, ...attachment }) => attachment) });
      for (const { id, file } of picked) void send(key, id, file);
      return refused;
    },
    remove(key, id) {
      abort([id]);
      happened(key, { type: 'removed', id });
    },
    take(key) {
      const list = listOf(key);
      abort(list.map((attachment) => attachment.id));
      if (list.length) happened(key, { type: 'sent' });
      return fileNamesOf(list);
    },
    stop() {
      abort([...controllers.keys()]);
    },
  };
}
