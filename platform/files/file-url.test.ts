import { describe, expect, it } from 'vitest';
import { decodeFileUrl, encodeFileUrl, InvalidFileUrl, mimeOf } from './file-url';

describe('file_url', () => {
  it('encodes exactly as the real server does (DEPLOYED-API example)', () => {
    const url = encodeFileUrl({ mime: 'text/plain', owner: '0b6f7d2e-1c3a-4f5e-9a8b-7c6d5e4f3a2b', name: 'notes.txt' });
    expect(url).toBe('MTB+dGV4dC9wbGFpbjM2fjBiNmY3ZDJlLTFjM2EtNGY1ZS05YThiLTdjNmQ1ZTRmM2EyYjl+bm90ZXMudHh0');
  });

  it('round-trips names with tildes, digits and non-ASCII characters', () => {
    const ref = { mime: 'application/pdf', owner: 'u-1', name: 'rapport 2~final é.pdf' };
    expect(decodeFileUrl(encodeFileUrl(ref))).toEqual(ref);
  });

  it('refuses a plain file name as a real server does', () => {
    expect(() => decodeFileUrl('report.pdf')).toThrow(InvalidFileUrl);
    expect(() => decodeFileUrl('aGVsbG8=')).toThrow(/Invalid encoded URL data/);
  });

  it('guesses the type from the extension', () => {
    expect(mimeOf('a.YAML')).toBe('application/x-yaml');
    expect(mimeOf('noext')).toBe('application/octet-stream');
  });
});
