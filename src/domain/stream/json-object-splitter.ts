/**
 * Finds whole JSON objects in text that arrives in pieces: objects written back to back with no separator,
 * optional whitespace or newlines between them, braces and `}{` inside strings, escaped quotes, and UTF-8
 * characters split across network reads. It tracks strings and escapes instead of splitting on newlines or
 * on `}\s*{`, and hands each object over as soon as its closing brace arrives.
 */
export interface JsonObjectSplitter {
  /** Feeds bytes (or text); returns the complete object texts and any stray text found between objects. */
  push(input: Uint8Array | string): SplitResult;
  /** The stream ended: returns what was left over, an object that never closed. */
  end(): SplitResult;
}

export interface SplitResult {
  objects: string[];
  /** Text outside any object that is not whitespace, e.g. a cut-off or garbled piece. */
  stray: string[];
  /** The start of each object that grew past the limit: skipped, never held whole. */
  tooLarge: string[];
}

export interface SplitterOptions {
  /**
   * An object longer than this is skipped as it arrives (its start is reported in `tooLarge`) instead of being
   * buffered: a server that never closes a brace must not fill the page's memory. Stray text is cut likewise.
   */
  maxObjectChars?: number;
}

/** What `tooLarge` keeps of a skipped object: enough to recognise it. */
export const tooLargeExcerptChars = 200;

export function createJsonObjectSplitter({
  maxObjectChars = Number.POSITIVE_INFINITY,
}: SplitterOptions = {}): JsonObjectSplitter {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  // Inside an object that is being skipped: its text is dropped as it comes, only braces and strings are followed.
  let skipping = false;
  let scanned = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let objectStart = -1;
  let strayStart = -1;

  const scan = (): SplitResult => {
    const objects: string[] = [];
    const stray: string[] = [];
    const tooLarge: string[] = [];
    let consumed = 0;
    for (let index = scanned; index < buffer.length; index += 1) {
      const char = buffer[index];
      if (depth > 0) {
        if (inString) {
          if (escaped) escaped = false;
          else if (char === '\\') escaped = true;
          else if (char === '"') inString = false;
        } else if (char === '"') inString = true;
        else if (char === '{') depth += 1;
        else if (char === '}') {
          depth -= 1;
          if (depth === 0) {
            if (skipping) skipping = false;
            else objects.push(buffer.slice(objectStart, index + 1));
            consumed = index + 1;
          }
        }
        continue;
      }
      if (char === '{') {
        if (strayStart >= 0) stray.push(buffer.slice(strayStart, index).trim());
        strayStart = -1;
        depth = 1;
        objectStart = index;
      } else if (strayStart < 0 && char !== undefined && !/\s/.test(char)) {
        strayStart = index;
      } else if (strayStart < 0) {
        consumed = index + 1;
      }
    }
    if (depth > 0 && !skipping && buffer.length - objectStart > maxObjectChars) {
      tooLarge.push(buffer.slice(objectStart, objectStart + tooLargeExcerptChars));
      skipping = true;
    }
    if (strayStart >= 0 && buffer.length - strayStart > maxObjectChars) {
      stray.push(buffer.slice(strayStart, strayStart + tooLargeExcerptChars));
      strayStart = -1;
      consumed = buffer.length;
    }
    // Drop what is handed over so the buffer holds only the unfinished object (or stray text).
    const keepFrom =
      depth > 0
        ? skipping
          ? buffer.length
          : objectStart
        : strayStart >= 0
          ? strayStart
          : Math.max(consumed, buffer.length);
    buffer = buffer.slice(keepFrom);
    if (depth > 0) objectStart = 0;
    if (strayStart >= 0) strayStart = 0;
    scanned = buffer.length;
    return { objects, stray, tooLarge };
  };

  return {
    push(input) {
      buffer += typeof input === 'string' ? input : decoder.decode(input, { stream: true });
      return scan();
    },
    end() {
      buffer += decoder.decode();
      const result = scan();
      // The rest of an object already reported as too large is not reported again.
      const rest = skipping ? '' : buffer.trim();
      if (rest) result.stray.push(rest);
      buffer = '';
      skipping = false;
      scanned = 0;
      depth = 0;
      inString = false;
      escaped = false;
      objectStart = -1;
      strayStart = -1;
      return result;
    },
  };
}
