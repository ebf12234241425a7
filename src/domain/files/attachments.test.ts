import { describe, expect, it } from 'vitest';
import {
  applyAttachmentEvent,
  fileNamesOf,
  pastedFileName,
  readDraftFiles,
  sendWaitReason,
  writeDraftFiles,
  type Attachment,
  type AttachmentEvent,
} from './attachments';
import { screenFiles } from './limits';

const fileUrl = (name: string, mime = 'text/plain') => btoa(`${mime.length}~${mime}3~u-1${name.length}~${name}`);
const replay = (events: AttachmentEvent[]) => events.reduce<readonly Attachment[]>(applyAttachmentEvent, []);
const picked: AttachmentEvent = {
  type: 'picked',
  files: [
    { id: 'a', name: 'notes.txt', size: 200, mime: 'text/plain' },
    { id: 'b', name: 'photo.png', size: 1000, mime: '' },
  ],
};

describe('the attachments of a draft', () => {
  it('follows each file from picked to stored or refused, one not holding up the other', () => {
    const list = replay([
      picked,
      { type: 'progressed', id: 'a', loaded: 100 },
      { type: 'progressed', id: 'b', loaded: 400 },
      { type: 'failed', id: 'a', reason: 'File size exceeds the maximum allowed size.' },
      { type: 'progressed', id: 'b', loaded: 5000 },
      { type: 'uploaded', id: 'b', fileUrl: fileUrl('photo.png', 'image/png') },
    ]);
    expect(list).toEqual([
      {
        id: 'a',
        name: 'notes.txt',
        size: 200,
        mime: 'text/plain',
        status: 'failed',
        loaded: 100,
        error: 'File size exceeds the maximum allowed size.',
      },
      // Progress never passes the size; the stored type is the server's.
      {
        id: 'b',
        name: 'photo.png',
        size: 1000,
        mime: 'image/png',
        status: 'uploaded',
        loaded: 1000,
        fileUrl: fileUrl('photo.png', 'image/png'),
      },
    ]);
    expect(fileNamesOf(list)).toEqual([fileUrl('photo.png', 'image/png')]);
    expect(sendWaitReason(list)).toBeNull();
  });

  it('says why Send waits while any file is uploading, and ignores news of a removed file', () => {
    const uploading = replay([picked]);
    expect(sendWaitReason(uploading)).toBe('Wait for 2 uploads to finish, or remove them.');
    const one = replay([
      picked,
      { type: 'removed', id: 'a' },
      { type: 'uploaded', id: 'a', fileUrl: fileUrl('notes.txt') },
    ]);
    expect(one.map((attachment) => attachment.id)).toEqual(['b']);
    expect(sendWaitReason(one)).toBe('Wait for the upload to finish, or remove it.');
    expect(replay([picked, { type: 'sent' }])).toEqual([]);
  });

  it('sends a file uploaded twice once', () => {
    const twice = replay([
      {
        type: 'picked',
        files: [
          { id: 'a', name: 'a.txt', size: 1, mime: '' },
          { id: 'b', name: 'a.txt', size: 1, mime: '' },
        ],
      },
      { type: 'uploaded', id: 'a', fileUrl: fileUrl('a.txt') },
      { type: 'uploaded', id: 'b', fileUrl: fileUrl('a.txt') },
    ]);
    expect(fileNamesOf(twice)).toEqual([fileUrl('a.txt')]);
  });

  it('keeps only stored files with the draft, and brings them back before files attached meanwhile', () => {
    const list = replay([picked, { type: 'uploaded', id: 'b', fileUrl: fileUrl('photo.png', 'image/png') }]);
    const saved = writeDraftFiles(list);
    const restored = readDraftFiles(saved);
    expect(restored).toEqual([
      {
        id: `stored:${fileUrl('photo.png', 'image/png')}`,
        name: 'photo.png',
        size: 1000,
        mime: 'image/png',
        status: 'uploaded',
        loaded: 1000,
        fileUrl: fileUrl('photo.png', 'image/png'),
      },
    ]);
    const meanwhile = replay([
      { type: 'picked', files: [{ id: 'c', name: 'c.txt', size: 1, mime: '' }] },
      { type: 'restored', attachments: restored },
    ]);
    expect(meanwhile.map((attachment) => attachment.name)).toEqual(['photo.png', 'c.txt']);
    expect(writeDraftFiles(replay([picked]))).toBe('');
    expect(readDraftFiles('not json')).toEqual([]);
    expect(readDraftFiles('[{"fileUrl":1}]')).toEqual([]);
  });

  it('names pasted pictures apart, and keeps real names', () => {
    const at = new Date('2026-11-24T09:41:07.042Z');
    expect(pastedFileName('image.png', 'image/png', at)).toBe('pasted-20261124-094107-042.png');
    expect(pastedFileName('', 'image/jpeg', at)).toBe('pasted-20261124-094107-042.jpg');
    expect(pastedFileName('diagram.png', 'image/png', at)).toBe('diagram.png');
  });
});

describe('the limits of a selection', () => {
  const files = (count: number, size = 10) => Array.from({ length: count }, (_, at) => ({ name: `f${at}.txt`, size }));

  it('refuses a selection that would make more than 20 files, naming how many, before anything is uploaded', () => {
    expect(screenFiles(files(21), 0)).toEqual({
      accepted: [],
      refused: ['At most 20 files per message; this would make 21. Nothing was uploaded.'],
    });
    expect(screenFiles(files(3), 18).refused).toEqual([
      'At most 20 files per message; this would make 21 (18 already attached, room for 2 more). Nothing was uploaded.',
    ]);
    expect(screenFiles(files(20), 0).accepted).toHaveLength(20);
  });

  it('refuses a file above the configured size alone; the others go', () => {
    const picked = [
      { name: 'small.txt', size: 1000 },
      { name: 'big.bin', size: 2048 },
    ];
    expect(screenFiles(picked, 0, 1024)).toEqual({
      accepted: [picked[0]],
      refused: ['“big.bin” is 2.0 KB; each file may be at most 1.0 KB. It was not uploaded.'],
    });
    expect(screenFiles([{ name: 'huge.iso', size: 104_857_601 }], 0).refused).toEqual([
      '“huge.iso” is 104857601 bytes; each file may be at most 104857600 bytes. It was not uploaded.',
    ]);
  });
});
