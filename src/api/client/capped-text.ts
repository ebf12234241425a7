// A body read as text is read through a reader and stops at a limit: an error page, a proxy's answer or a file the
// API returns can be any size, and `response.text()` would hold all of it in memory first.

/** What the console reads of a text body at most: far more than any error or JSON answer it shows. */
export const textBodyLimit = 1024 * 1024;

export interface CappedText {
  /** The body as UTF-8 text, up to the limit (a character cut at the limit is left out). */
  text: string;
  /** The body went on past the limit: `text` is its beginning only. */
  truncated: boolean;
}

/** Reads at most `limit` bytes of the body as text, and lets the rest go. */
export async function readCappedText(response: Response, limit = textBodyLimit): Promise<CappedText> {
  const body = response.body;
  if (!body) return { text: '', truncated: false };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - bytes;
    if (value.byteLength > room) {
      parts.push(decoder.decode(value.subarray(0, room), { stream: true }));
      // Not awaited: a clone's cancel settles only once its twin is cancelled too.
      void reader.cancel().catch(() => undefined);
      return { text: parts.join(''), truncated: true };
    }
    bytes += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join(''), truncated: false };
}

/** A text already read, kept to the same limit (counted in characters: a masked answer is read as text once). */
export const cappedOf = (text: Promise<string>): Promise<CappedText> =>
  text.then((whole) =>
    whole.length > textBodyLimit
      ? { text: whole.slice(0, textBodyLimit), truncated: true }
      : { text: whole, truncated: false },
  );

/** How a cut body says so where it is shown. */
export const cutNote = `\n… (cut: the body is longer than ${textBodyLimit / 1024 / 1024} MiB; only its beginning was read)`;
