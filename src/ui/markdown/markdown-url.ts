const safeProtocols = /^(https?:\/\/|mailto:)/i;

/**
 * Answers come from models: only absolute http(s) and mailto links survive. Relative links would resolve
 * against the console itself, and other schemes (javascript:, data:) can run or smuggle content.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  return safeProtocols.test(trimmed) ? trimmed : '';
}

/** An in-answer jump (a footnote and its way back): a plain fragment, never a path or a scheme. */
export const isFragment = (url: string): boolean => /^#[\w-]+$/.test(url);

/** The URL transform for rendered markdown: safe links, plus jumps within the same answer. */
export const markdownUrl = (url: string): string => (isFragment(url) ? url : safeUrl(url));
