import { findPattern } from '@/domain/conversations/search/find';

export interface MarkedMatch {
  /** The first of the marks (a match across formatting spans several text nodes, one mark each). */
  mark: HTMLElement;
  /** Puts the text back as it was. */
  undo(): void;
}

interface Piece {
  node: Text;
  start: number;
  end: number;
}

// The text nodes a reader sees in `container`, in order, leaving out those under `skip`.
function textNodes(container: Element, skip: string | undefined): Text[] {
  const nodes: Text[] = [];
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (skip && node.parentElement?.closest(skip)) continue;
    nodes.push(node as Text);
  }
  return nodes;
}

/**
 * Marks the `occurrence`-th match of `query` (case-insensitive, the last one if fewer are shown) in the text shown in
 * `container`. The text nodes React owns stay in place: each keeps the part before the match, and `undo` gives it
 * its whole text back, so a later render of that text finds the node it knows. Null when the text is not shown.
 */
export function markMatch(container: Element, query: string, occurrence: number, skip?: string): MarkedMatch | null {
  const nodes = textNodes(container, skip);
  const text = nodes.map((node) => node.data).join('');
  const pattern = findPattern(query, 'g');
  let found: { start: number; end: number } | null = null;
  for (let seen = 0, match = pattern.exec(text); match; seen += 1, match = pattern.exec(text)) {
    found = { start: match.index, end: match.index + match[0].length };
    if (seen === occurrence) break;
  }
  if (!found) return null;
  const pieces: Piece[] = [];
  let offset = 0;
  for (const node of nodes) {
    const from = Math.max(found.start, offset);
    const to = Math.min(found.end, offset + node.data.length);
    if (from < to) pieces.push({ node, start: from - offset, end: to - offset });
    offset += node.data.length;
  }
  const undos: (() => void)[] = [];
  const marks: HTMLElement[] = [];
  for (const { node, start, end } of pieces) {
    const whole = node.data;
    const matched = node.splitText(start);
    const after = matched.splitText(end - start);
    const mark = container.ownerDocument.createElement('mark');
    mark.className = 'find-current';
    matched.before(mark);
    mark.append(matched);
    marks.push(mark);
    undos.push(() => {
      // Rendered again meanwhile (React set a new text on the node): only the pieces added here go.
      if (node.isConnected && node.nextSibling === mark && node.data === whole.slice(0, start)) node.data = whole;
      mark.remove();
      after.remove();
    });
  }
  return { mark: marks[0] as HTMLElement, undo: () => undos.reverse().forEach((undo) => undo()) };
}
