// A stream's chunks repeat their frame: each NDJSON line of a deployed server carries the same sixteen fields, most of
// them null, around a few characters of answer (306 characters for a five-letter word). The request log keeps a
// stream's first 2,000 chunks, and kept as they arrived the frame was most of the log's memory: 0.6 MB for one long
// answer. So a kept chunk is its stream's frame (one string for every chunk in it) joined to a copy of what is its own.
// The characters are the same, and engines join strings without copying them (a rope): the chunk no longer holds its
// whole line. Reading a joined chunk makes it whole again: the inspector's list reads the first 200 it shows, and an
// export or a secret masked afterwards reads them all.

/** A frame shorter than this is kept as it came: the join would save little. */
const leastShared = 32;
/** A frame this much longer than the one kept replaces it (after a line of another kind, the kept one shrank). */
const worthRecut = 16;

function sharedStart(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let at = 0;
  while (at < most && a.charCodeAt(at) === b.charCodeAt(at)) at += 1;
  return at;
}

/** Characters `a` and `b` share at their ends, none of them before `after`. */
function sharedEnd(a: string, b: string, after: number): number {
  const most = Math.min(a.length, b.length) - after;
  let count = 0;
  while (count < most && a.charCodeAt(a.length - 1 - count) === b.charCodeAt(b.length - 1 - count)) count += 1;
  return count;
}

// A cut can be a view of the string it was cut from (V8 cuts of 13 characters or more are), which would keep the
// whole line alive; a structured clone is a string of its own.
const ownCopy = (text: string): string => structuredClone(text);

/**
 * Keeps the chunks of one stream in order: each call takes a chunk's text and gives back the same text, sharing its
 * frame with the chunks kept before it where it can.
 */
export function frameSharing(): (text: string) => string {
  let previous = '';
  let head = '';
  let tail = '';
  const fits = (text: string) =>
    head.length + tail.length >= leastShared &&
    head.length + tail.length <= text.length &&
    text.startsWith(head) &&
    text.endsWith(tail);
  return (text) => {
    const before = previous;
    previous = text;
    if (!fits(text)) {
      // The frame shrinks to what this chunk shares with it too (two chunks that begin with the same letters made it
      // too long), unless the frame this chunk shares with the one before is much longer (a thought line shrank it to
      // what both kinds share): then that one is cut anew.
      const start = sharedStart(head, text);
      const end = Math.min(sharedEnd(tail, text, 0), text.length - start);
      const from = sharedStart(before, text);
      const to = sharedEnd(before, text, from);
      if (Math.max(start + end, from + to) < leastShared) return text;
      if (start + end >= leastShared && start + end + worthRecut > from + to) {
        head = head.slice(0, start);
        tail = tail.slice(tail.length - end);
      } else {
        head = ownCopy(text.slice(0, from));
        tail = ownCopy(text.slice(text.length - to));
      }
    }
    return head + ownCopy(text.slice(head.length, text.length - tail.length)) + tail;
  };
}
