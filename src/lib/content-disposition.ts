/**
 * The file name a Content-Disposition header gives: `filename*` (RFC 5987, UTF-8) when present, else `filename`
 * (quoted or not); undefined when it names none. Any path in it is dropped.
 */
export function fileNameOfDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  const base = name?.split(/[\\/]/).at(-1)?.trim();
  return base ? base : undefined;
}
