// Agent-authored media URLs: only http(s) is ever loaded (no javascript:, data:, blob:, file:, relative paths, or
// credentials in the URL), and only after the person consents (the renderer's job).

/** The URL to load, or null when it is not a plain http(s) address. */
export function safeMediaUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url;
}
