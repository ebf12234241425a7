/**
 * Cuts markdown into top-level blocks that render the same on their own, so a growing answer re-parses only
 * its last block. A cut is made at a blank line outside a fenced code block, and only when the next line is
 * not indented (an indented line continues a list item, or is code). Joined with blank lines, the blocks
 * give back the text.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let blankBefore = false;
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && blankBefore && line.trim() !== '' && !/^\s/.test(line) && current.length) {
      blocks.push(current.join('\n').replace(/\n+$/, ''));
      current = [];
    }
    current.push(line);
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    }
    blankBefore = fence === null && line.trim() === '';
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}
