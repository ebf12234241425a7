// Real servers name an uploaded file by its file_url: standard base64 of "<len>~<mime><len>~<owner><len>~<name>"
// (lengths in characters). The console reads the name and type back from it; anything else is not a file URL,
// and a server fails the run it is sent with.

export interface FileRef {
  mime: string;
  owner: string;
  name: string;
}

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The file a file_url names, or null when the text is not one (a plain file name, a typo). */
export function decodeFileUrl(url: string): FileRef | null {
  const text = url.trim();
  if (!base64.test(text) || text.length % 4 !== 0) return null;
  let decoded: string;
  try {
    const bytes = Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const chars = [...decoded];
  const parts: string[] = [];
  let at = 0;
  for (let field = 0; field < 3; field += 1) {
    const tilde = chars.indexOf('~', at);
    const length = tilde <= at ? NaN : Number(chars.slice(at, tilde).join(''));
    if (!Number.isInteger(length) || tilde + 1 + length > chars.length) return null;
    parts.push(chars.slice(tilde + 1, tilde + 1 + length).join(''));
    at = tilde + 1 + length;
  }
  if (at !== chars.length) return null;
  const [mime = '', owner = '', name = ''] = parts;
  return name ? { mime, owner, name } : null;
}

/** What a file field shows for a file URL: the file's own name, else the text as it is. */
export const fileLabel = (url: string): string => decodeFileUrl(url)?.name ?? url;
