import { describe, expect, it } from 'vitest';
import { decodeFileUrl, fileLabel } from './file-url';
import { fileProblems, formatBytes } from './limits';

describe('file URLs', () => {
  it('reads the name, type and owner a real server encoded', () => {
    expect(
      decodeFileUrl('MTB+dGV4dC9wbGFpbjM2fjBiNmY3ZDJlLTFjM2EtNGY1ZS05YThiLTdjNmQ1ZTRmM2EyYjl+bm90ZXMudHh0'),
    ).toEqual({
      mime: 'text/plain',
      owner: '0b6f7d2e-1c3a-4f5e-9a8b-7c6d5e4f3a2b',
      name: 'notes.txt',
    });
  });

  it('reads non-ASCII names', () => {
    const url = btoa(String.fromCharCode(...new TextEncoder().encode('15~application/pdf3~u-113~rapport é.pdf')));
    expect(fileLabel(url)).toBe('rapport é.pdf');
  });

  it('is not fooled by a plain file name or other base64', () => {
    expect(decodeFileUrl('report.pdf')).toBeNull();
    expect(decodeFileUrl('aGVsbG8=')).toBeNull();
    expect(decodeFileUrl('')).toBeNull();
    expect(fileLabel('report.pdf')).toBe('report.pdf');
  });
});

describe('file limits', () => {
  it('names each problem before anything is uploaded', () => {
    expect(fileProblems([{ name: 'a.txt', size: 10 }])).toEqual([]);
    expect(fileProblems([{ name: 'big.iso', size: 150 * 1024 * 1024 }])).toEqual([
      '“big.iso” is 150 MB; each file may be at most 100 MB.',
    ]);
    expect(
      fileProblems(
        Array.from({ length: 3 }, (_, at) => ({ name: `${at}`, size: 1 })),
        19,
      ),
    ).toEqual(['At most 20 files at a time; this would make 22.']);
  });

  it('formats sizes', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });
});
