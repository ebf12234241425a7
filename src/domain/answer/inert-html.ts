import { parse, postprocess, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';

// Markdown files leave the console and are rendered elsewhere (an editor's preview, a wiki, a code host), where the
// raw HTML an answer carried could run. Only what a Markdown reader takes for HTML is escaped, so code, autolinks
// and the rest of the formatting read as before.

/** Passes at most: each one escapes at least one `<`, and escaping may reveal HTML the earlier reading hid. */
const passesAtMost = 16;

/** Where a CommonMark + GFM reader sees HTML (blocks and inline tags), as [start, end) offsets in document order. */
function htmlRanges(markdown: string): [number, number][] {
  const chunks = preprocess()(markdown, undefined, true);
  const events = postprocess(
    parse({ extensions: [gfm()] })
      .document()
      .write(chunks),
  );
  const ranges: [number, number][] = [];
  for (const [kind, token] of events) {
    if (kind !== 'enter' || (token.type !== 'htmlFlow' && token.type !== 'htmlText')) continue;
    const last = ranges.at(-1);
    // A block of HTML may hold inline tokens of its own: the outer range covers them.
    if (last && token.start.offset < last[1]) continue;
    ranges.push([token.start.offset, token.end.offset]);
  }
  return ranges;
}

const escapeTags = (text: string) => text.replaceAll('<', '&lt;');

/**
 * The Markdown with its raw HTML made inert text: `<script>` or `<img onerror>` shows as written instead of being
 * a tag. Code spans, code blocks and autolinks are left as they are (no reader takes them for HTML).
 */
export function inertHtml(markdown: string): string {
  let text = markdown;
  for (let pass = 0; pass < passesAtMost && text.includes('<'); pass += 1) {
    const ranges = htmlRanges(text);
    if (ranges.length === 0) return text;
    let next = '';
    let at = 0;
    for (const [start, end] of ranges) {
      next += text.slice(at, start) + escapeTags(text.slice(start, end));
      at = end;
    }
    text = next + text.slice(at);
  }
  // Past the bound, every `<` goes: some code reads oddly, but nothing can run.
  return escapeTags(text);
}
