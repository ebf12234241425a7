import type { GrowingText } from './growing-text';

/**
 * Cuts markdown into top-level blocks that render the same on their own, so a growing answer re-parses only
 * its last block. A cut is made at a blank line outside a fenced code block, and only when the next line is
 * not indented (an indented line continues a list item, or is code). Joined with blank lines, the blocks
 * give back the text.
 *
 * Reference links and footnotes need the whole document: a finished text that defines any (see
 * `needsWholeDocument`) is rendered whole; any other renders the same block by block.
 */
export interface BlockSplit {
  /** The text that was split. */
  readonly text: string;
  /** The same text as it grew, when the caller has it: later texts that continue it are split without reading the rest. */
  readonly growing?: GrowingText;
  /** Offset in `text` where each block starts; the first is 0. */
  readonly starts: readonly number[];
  /**
   * The blocks: while the text grows, each a flat copy (see `flatCopy`); once it is settled (see `settleBlocks`),
   * slices of `text`, so a finished answer is held once, not as its text and again as its blocks.
   */
  readonly blocks: readonly string[];
  readonly settled?: true;
}

const fenceMarker = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Offsets where blocks start in `text`, scanning from `from` (which must itself start a block). `text` may be
 * only the end of the whole text, starting at `base` in it: offsets are in the whole text.
 */
function blockStarts(text: string, from: number, base = 0): number[] {
  const starts = [from];
  let fence: string | null = null;
  let blankBefore = false;
  let lineStart = from - base;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const blank = line.trim() === '';
    // A cut is final as soon as the line's first character is there: later text cannot undo it.
    if (
      fence === null &&
      blankBefore &&
      !blank &&
      !/^\s/.test(line) &&
      lineStart + base > (starts[starts.length - 1] ?? 0)
    ) {
      starts.push(lineStart + base);
    }
    const marker = fenceMarker.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    }
    blankBefore = fence === null && blank;
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return starts;
}

/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 represents `slice` results of
 * 13+ characters as a pointer into the parent string, so a one-line block sliced from a 200 KB answer keeps
 * that whole answer alive; kept by memoised React props frame after frame, such slices held 64 MB for one
 * answer. A JSON round trip builds a new sequential string.
 */
export function flatCopy(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/**
 * The blocks from the `from`th start on; `text` may be only the end of the whole text, starting at `base`. Each is
 * copied unless `copy` is false (the text is final, and whoever holds the blocks holds it too).
 */
function blocksAt(text: string, starts: readonly number[], from: number, base = 0, copy = true): string[] {
  const blocks: string[] = [];
  for (let index = from; index < starts.length; index += 1) {
    const start = (starts[index] ?? 0) - base;
    const next = starts[index + 1];
    // Blank lines between blocks belong to neither; the last block is kept as it is (it may still grow).
    const block = next === undefined ? text.slice(start) : text.slice(start, next - base).replace(/\n+$/, '');
    blocks.push(copy ? flatCopy(block) : block);
  }
  return blocks;
}

/** The same split, holding `growing` or (once the text stops growing) nothing: its pieces are freed with it. */
function withGrowing({ text, starts, blocks }: BlockSplit, growing: GrowingText | undefined): BlockSplit {
  return growing ? { text, growing, starts, blocks } : { text, starts, blocks };
}

export function splitBlocks(text: string, growing?: GrowingText): BlockSplit {
  const starts = blockStarts(text, 0);
  return withGrowing({ text, starts, blocks: blocksAt(text, starts, 0) }, growing);
}

/**
 * The split of a text that grows no more: its blocks are slices of it, sharing its memory (a slice keeps its parent
 * alive, which is only wrong while the text grows: each version of it would stay). Blocks keep their values, so
 * views that compare them see no change.
 */
export function settleBlocks(split: BlockSplit, text: string): BlockSplit {
  if (split.settled) return split;
  // `text` is the caller's own copy of the split's text (equal, maybe not the same string: the saved answer rather
  // than the last one streamed): the blocks are cut from it, so the split keeps nothing the caller does not.
  const starts = text === split.text ? split.starts : splitBlocks(text).starts;
  return { text, starts, blocks: blocksAt(text, starts, 0, 0, false), settled: true };
}

/**
 * The split of `text`, reusing `previous` when `text` extends its text: every block but the last stays as
 * it was (same strings), and only the text from the last block's start is scanned again, so the cost per
 * update follows the length of the last block, not of the answer. With `growing` (the same text as it grew)
 * continuing `previous.growing`, the whole text is not read at all: only its end is taken from the pieces.
 */
export function extendBlocks(previous: BlockSplit, text: string, growing?: GrowingText): BlockSplit {
  if (text === previous.text) return previous.growing === growing ? previous : withGrowing(previous, growing);
  const stable = previous.starts.length - 1;
  const from = previous.starts[stable] ?? 0;
  if (growing && previous.growing && growing.continues(previous.growing) && growing.length === text.length) {
    const tail = growing.from(from);
    const starts = [...previous.starts.slice(0, stable), ...blockStarts(tail, from, from)];
    return {
      text,
      growing,
      starts,
      blocks: [...previous.blocks.slice(0, stable), ...blocksAt(tail, starts, stable, from)],
    };
  }
  if (!text.startsWith(previous.text)) return splitBlocks(text, growing);
  const starts = [...previous.starts.slice(0, stable), ...blockStarts(text, from)];
  return withGrowing(
    { text, starts, blocks: [...previous.blocks.slice(0, stable), ...blocksAt(text, starts, stable)] },
    growing,
  );
}

// `[label]: destination` or `[^note]: text`, anywhere on a line (inside a list item or a quote too). Matching more
// than definitions (`a[0]: b`) only costs a whole render, never a wrong one.
const definition = /\[[^\]\n]+\]:/;

/** Whether `text` may define link references or footnotes, which resolve only when it is rendered whole. */
export function needsWholeDocument(text: string): boolean {
  return definition.test(text);
}
