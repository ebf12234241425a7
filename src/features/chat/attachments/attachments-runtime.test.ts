import { describe, expect, it } from 'vitest';
import type { uploadFiles, UploadFile, UploadOutcome } from '@/api/file-upload';
import { ApiError } from '@/domain/errors/api-error';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import { createAttachmentsRuntime, draftFilesKey } from './attachments-runtime';

const fileUrl = (name: string) => btoa(`10~text/plain3~u-1${name.length}~${name}`);
const file = (name: string, size = 5): UploadFile => new File(['x'.repeat(size)], name, { type: 'text/plain' });

/** An upload per file that the test settles: stored, refused by the server, or failed on HTTP. */
function fakeUploads() {
  const pending = new Map<
    string,
    { resolve(outcome: UploadOutcome): void; reject(error: unknown): void; progress(loaded: number): void }
  >();
  const upload: typeof uploadFiles = (_client, files, options = {}) =>
    new Promise((resolve, reject) => {
      const [one] = files;
      if (!one || files.length !== 1) throw new Error('one file per upload');
      options.signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      pending.set(one.name, { resolve, reject, progress: (loaded) => options.onProgress?.(loaded, one.size) });
    });
  const stored = (name: string) =>
    pending.get(name)?.resolve({ uploaded: [{ name, size: 5, fileUrl: fileUrl(name) }], failed: [] });
  const refused = (name: string, reason: string) =>
    pending.get(name)?.resolve({ uploaded: [], failed: [{ name, reason }] });
  return { upload, pending, stored, refused };
}

function setUp(saved: Record<string, string> = {}) {
  const drafts = new Map(Object.entries(saved));
  const repository = {
    draftOf: async (key: string) => drafts.get(key) ?? '',
    saveDraft: async (key: string, text: string) => void (text ? drafts.set(key, text) : drafts.delete(key)),
  };
  const uploads = fakeUploads();
  let ids = 0;
  const runtime = createAttachmentsRuntime({
    repository,
    client: () => clientFor(fakeNetwork([]).fetchImpl).client,
    upload: uploads.upload,
    newId: () => `f${(ids += 1)}`,
  });
  const list = (key = 'c1') => runtime.store.getState().drafts[key] ?? [];
  return { runtime, uploads, drafts, list };
}

describe('the attachments runtime', () => {
  it('refuses too many files before uploading any', () => {
    const { runtime, uploads, list } = setUp();
    const refused = runtime.attach(
      'c1',
      Array.from({ length: 21 }, (_, at) => file(`f${at}.txt`)),
    );
    expect(refused).toEqual(['At most 20 files per message; this would make 21. Nothing was uploaded.']);
    expect(uploads.pending.size).toBe(0);
    expect(list()).toEqual([]);
  });

  it('refuses a file above the configured size, uploads the others each on its own, and a failure holds none up', async () => {
    const { runtime, uploads, list } = setUp();
    const refused = runtime.attach('c1', [file('a.txt'), file('big.bin', 50), file('b.txt'), file('c.txt')], 10);
    expect(refused).toEqual(['“big.bin” is 50 B; each file may be at most 10 B. It was not uploaded.']);
    expect([...uploads.pending.keys()]).toEqual(['a.txt', 'b.txt', 'c.txt']);
    uploads.pending.get('a.txt')?.progress(3);
    expect(list()[0]).toMatchObject({ name: 'a.txt', status: 'uploading', loaded: 3 });
    uploads.refused('a.txt', 'File size exceeds the maximum allowed size.');
    uploads.pending.get('b.txt')?.reject(new ApiError({ kind: 'http', status: 502, url: 'x', requestId: 'req-9' }));
    uploads.stored('c.txt');
    await expect.poll(() => list().map((attachment) => attachment.status)).toEqual(['failed', 'failed', 'uploaded']);
    expect(list()[0]?.error).toBe('File size exceeds the maximum allowed size.');
    expect(list()[1]?.error).toContain('Request ID: req-9');
    expect(list()[1]?.error).toContain('502');
    expect(runtime.take('c1')).toEqual([fileUrl('c.txt')]);
    expect(list()).toEqual([]);
  });

  it('keeps the stored files with the draft, brings them back after a reload, and stops an upload removed', async () => {
    const first = setUp();
    first.runtime.attach('c1', [file('keep.txt'), file('drop.txt')]);
    first.uploads.stored('keep.txt');
    await expect.poll(() => first.drafts.get(draftFilesKey('c1'))).toContain(fileUrl('keep.txt'));
    first.runtime.remove('c1', first.list()[1]?.id ?? '');
    expect(first.list().map((attachment) => attachment.name)).toEqual(['keep.txt']);

    const reloaded = setUp(Object.fromEntries(first.drafts));
    reloaded.runtime.load('c1');
    await expect
      .poll(() => reloaded.list().map((attachment) => [attachment.name, attachment.status]))
      .toEqual([['keep.txt', 'uploaded']]);
    expect(reloaded.runtime.take('c1')).toEqual([fileUrl('keep.txt')]);
    await expect.poll(() => reloaded.drafts.has(draftFilesKey('c1'))).toBe(false);
  });
});
