// How GET /v1/files/{file_url} answers, by stored MIME, as real servers do: images and PDF inline, anything a
// browser could run as a page or script downgraded or made a download, always with nosniff.
import type { ServerResponse } from 'node:http';
import type { StoredFile } from './store';

const xmlTypes = new Set([
  'text/xml',
  'application/xml',
  'application/xhtml+xml',
  'application/rss+xml',
  'application/atom+xml',
]);
const scriptTypes = new Set([
  'application/javascript',
  'text/javascript',
  'application/x-javascript',
  'application/x-typescript',
  'text/x-typescript',
]);

/** `attachment; filename="<ASCII fallback>"`, plus `filename*` when the name is not plain ASCII (headers are Latin-1). */
export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const cleaned = [...name].filter((char) => char !== '/' && char !== '\\' && !/[\p{Cc}]/u.test(char)).join('');
  if (cleaned === '') return kind;
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '').trim();
  const fallback = (/[A-Za-z0-9]/.test(ascii) ? ascii : 'download').replace(/"/g, '\\"').replace(/;/g, '_');
  return ascii === cleaned
    ? `${kind}; filename="${fallback}"`
    : `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(cleaned)}`;
}

/** What an `application/octet-stream` file looks like from its first bytes, as real servers sniff it. */
function sniff(data: Buffer): 'text/html' | 'text/plain' | 'application/octet-stream' {
  const sample = data.subarray(0, 4000).toString('utf8').toLowerCase();
  const html = ['<!doctype html', '<html', '<body', '<head'].some((tag) => sample.includes(tag));
  const js = ['javascript:', 'function(', 'var ', 'let ', 'const ', '=>', 'document.', '() {'].some((hint) =>
    sample.includes(hint),
  );
  if (html) return 'text/html';
  if (js || sample.includes('<script') || sample.includes('<iframe')) return 'text/plain';
  return 'application/octet-stream';
}

function served(file: StoredFile): { type: string; headers: Record<string, string> } {
  const mime = file.mime.split(';')[0]?.trim().toLowerCase() ?? '';
  const attachment = { 'Content-Disposition': contentDisposition(file.name) };
  if (mime === 'image/svg+xml')
    return { type: mime, headers: { ...attachment, 'Content-Security-Policy': "default-src 'none'; sandbox" } };
  if (mime === 'text/html') return { type: 'text/html', headers: attachment };
  if (xmlTypes.has(mime)) return { type: 'application/octet-stream', headers: attachment };
  if (scriptTypes.has(mime)) return { type: 'text/plain', headers: attachment };
  if (mime === 'application/octet-stream') return { type: sniff(file.data), headers: attachment };
  if (mime.startsWith('image/') || mime === 'application/pdf')
    return { type: mime, headers: { 'Content-Disposition': contentDisposition(file.name, 'inline') } };
  return { type: 'application/octet-stream', headers: attachment };
}

export function sendStoredFile(res: ServerResponse, file: StoredFile): void {
  const { type, headers } = served(file);
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', file.data.length);
  res.end(file.data);
}
