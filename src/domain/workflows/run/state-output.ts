/** How to render a state's output. `text` is what to show: JSON comes pretty-printed, the rest unchanged. */
export type OutputView =
  { kind: 'json'; text: string } | { kind: 'markdown'; text: string } | { kind: 'text'; text: string };

const markdownMarkers: readonly RegExp[] = [
  /^ {0,3}#{1,6}[ \t]+\S/m, // heading
  /^ {0,3}(```|~~~)/m, // fenced code
  /^ {0,3}[-*+][ \t]+\S/m, // bullet list
  /^ {0,3}\d{1,9}[.)][ \t]+\S/m, // numbered list
  /^ {0,3}>[ \t]?\S/m, // quote
  /^ {0,3}\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$/m, // table separator row
  /\*\*[^*\n]+\*\*|__[^_\n]+__/, // bold
  /\[[^\]\n]+\]\([^)\s]+\)/, // link
  /`[^`\n]+`/, // inline code
];

/** Whether a text uses markdown syntax that would render differently from plain text. */
export const looksLikeMarkdown = (text: string): boolean => markdownMarkers.some((marker) => marker.test(text));

/**
 * Classifies an output. Only an object or array counts as JSON: a bare string or number is just text. JSON is
 * re-indented token by token instead of JSON.stringify(JSON.parse(...)), which would round large ids
 * (12345678901234567890 → 12345678901234567000) and reorder numeric keys, changing what the analyst reads.
 */
export function classifyOutput(output: string): OutputView {
  const trimmed = output.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      JSON.parse(trimmed);
      return { kind: 'json', text: reindentJson(trimmed) };
    } catch {
      // Not JSON after all (e.g. "[link](url)" or "{placeholder} text"): fall through to the other kinds.
    }
  }
  return looksLikeMarkdown(output) ? { kind: 'markdown', text: output } : { kind: 'text', text: output };
}

const isSpace = (character: string) =>
  character === ' ' || character === '\t' || character === '\n' || character === '\r';

function skipSpace(text: string, from: number): number {
  let position = from;
  while (position < text.length && isSpace(text.charAt(position))) position += 1;
  return position;
}

/** Two-space indentation of valid JSON text, keeping every token exactly as written. */
export function reindentJson(json: string): string {
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let position = 0; position < json.length; position += 1) {
    const character = json.charAt(position);
    if (inString) {
      out += character;
      if (escaped) escaped = false;
      else if (character === '\\') escaped = true;
      else if (character === '"') inString = false;
      continue;
    }
    if (isSpace(character)) continue;
    if (character === '"') {
      inString = true;
      out += character;
    } else if (character === '{' || character === '[') {
      const close = character === '{' ? '}' : ']';
      const next = skipSpace(json, position + 1);
      if (json.charAt(next) === close) {
        out += character + close;
        position = next;
      } else {
        depth += 1;
        out += character + newline();
      }
    } else if (character === '}' || character === ']') {
      depth -= 1;
      out += newline() + character;
    } else if (character === ',') out += `,${newline()}`;
    else if (character === ':') out += ': ';
    else out += character;
  }
  return out;
}
