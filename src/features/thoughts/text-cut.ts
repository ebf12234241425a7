const previewLines = 30;
const previewChars = 3000;
/** What "Show more" adds at most: beyond it a text is shown only on request ("Show all"). */
export const pageChars = 100_000;

export interface TextCut {
  long: boolean;
  preview: string;
  /** Lines beyond the preview. */
  hiddenLines: number;
}

/** The preview of a text (its first 30 lines, at most 3,000 characters), found without splitting the whole text. */
export function cutText(text: string): TextCut {
  let end = -1;
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    if (lines === previewLines) end = at;
    lines += 1;
  }
  const long = lines > previewLines || text.length > previewChars;
  if (!long) return { long, preview: text, hiddenLines: 0 };
  const preview = text.slice(0, Math.min(end >= 0 ? end : text.length, previewChars));
  let shownLines = 1;
  for (let at = preview.indexOf('\n'); at >= 0; at = preview.indexOf('\n', at + 1)) shownLines += 1;
  return { long, preview, hiddenLines: lines - shownLines };
}
