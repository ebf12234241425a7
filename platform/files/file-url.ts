// A real server's file_url: standard base64 of "<len>~<mime><len>~<owner><len>~<filename>" (lengths in
// characters), so a file's URL names its type, its owner and its name. Anything else is not a file URL.

export interface FileRef {
  mime: string;
  owner: string;
  name: string;
}

export class InvalidFileUrl extends Error {}

export function encodeFileUrl(ref: FileRef): string {
  const part = (value: string) => `${[...value].length}~${value}`;
  return Buffer.from(`${part(ref.mime)}${part(ref.owner)}${part(ref.name)}`, 'utf8').toString('base64');
}

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Throws InvalidFileUrl (with a real server's words) for a name that is not an encoded file URL. */
export function decodeFileUrl(url: string): FileRef {
  if (!base64.test(url) || url.length % 4 !== 0) throw new InvalidFileUrl(`Invalid encoded URL data: ${url}`);
  const text = Buffer.from(url, 'base64').toString('utf8');
  const chars = [...text];
  const parts: string[] = [];
  let at = 0;
  for (let field = 0; field < 3; field += 1) {
    const tilde = chars.indexOf('~', at);
    const length = tilde < 0 ? NaN : Number(chars.slice(at, tilde).join(''));
    if (!Number.isInteger(length) || tilde === at || tilde + 1 + length > chars.length) {
      throw new InvalidFileUrl(`Invalid encoded URL data: ${url}`);
    }
    parts.push(chars.slice(tilde + 1, tilde + 1 + length).join(''));
    at = tilde + 1 + length;
  }
  if (at !== chars.length) throw new InvalidFileUrl(`Invalid encoded URL data: ${url}`);
  const [mime = '', owner = '', name = ''] = parts;
  return { mime, owner, name };
}

const mimeByExtension: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
  xml: 'text/xml',
  yaml: 'application/x-yaml',
  yml: 'application/x-yaml',
  js: 'text/javascript',
  ts: 'text/x-typescript',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Guessed from the extension, as real servers do (the client's Content-Type is ignored). */
export function mimeOf(fileName: string): string {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return mimeByExtension[extension] ?? 'application/octet-stream';
}
