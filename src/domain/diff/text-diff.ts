import { diffSequences, type DiffOp } from './sequence-diff';

export interface DiffPart {
  op: DiffOp;
  text: string;
}

export interface LineDiff {
  /** One part per line group; a changed line pair also carries its word-level parts. */
  lines: { op: DiffOp; text: string; words?: DiffPart[] }[];
  added: number;
  removed: number;
  identical: boolean;
}

const splitLines = (text: string) => (text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n'));
// Words and the spaces between them, so joined parts give back the line exactly.
const splitWords = (line: string) => line.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];

/** Word-level parts of one changed line pair: what a reader scans for in a line that "changed". */
export function diffWords(before: string, after: string): DiffPart[] {
  return diffSequences(splitWords(before), splitWords(after)).map((run) => ({ op: run.op, text: run.items.join('') }));
}

/**
 * Line diff of two texts. Where as many lines were removed as added in one place, the pairs are also diffed word by
 * word, so an edited sentence shows the changed words, not two whole lines.
 */
export function diffText(before: string, after: string): LineDiff {
  const runs = diffSequences(splitLines(before), splitLines(after));
  const lines: LineDiff['lines'] = [];
  let added = 0;
  let removed = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const next = runs[i + 1];
    if (run.op === 'removed' && next?.op === 'added' && next.items.length === run.items.length) {
      run.items.forEach((line, index) => {
        const words = diffWords(line, next.items[index] ?? '');
        lines.push({ op: 'removed', text: line, words: words.filter((part) => part.op !== 'added') });
        lines.push({
          op: 'added',
          text: next.items[index] ?? '',
          words: words.filter((part) => part.op !== 'removed'),
        });
      });
      removed += run.items.length;
      added += next.items.length;
      i++;
      continue;
    }
    for (const line of run.items) lines.push({ op: run.op, text: line });
    if (run.op === 'added') added += run.items.length;
    if (run.op === 'removed') removed += run.items.length;
  }
  return { lines, added, removed, identical: added === 0 && removed === 0 };
}
