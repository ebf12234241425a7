// Initial JavaScript of a built page: the entry script and the modules index.html preloads, gzipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Sum of gzip -9 sizes (KB) of the scripts `<dir>/index.html` loads at start; `base` is the URL prefix of dir. */
export function initialJsGzipKb(dir: string, base: string): { kb: number; files: string[] } {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  );
  const files = urls.map((url) => (url.startsWith(base) ? url.slice(base.length) : url.replace(/^\//, '')));
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0);
  return { kb: bytes / 1024, files };
}
