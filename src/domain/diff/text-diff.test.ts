import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSequences } from './sequence-diff';
import { diffText, diffWords } from './text-diff';

const side = <T>(runs: { op: string; items: T[] }[], keep: string) =>
  runs.filter((run) => run.op === 'same' || run.op === keep).flatMap((run) => run.items);

/** Length of a longest common subsequence, by the textbook table: the diff keeps exactly that many. */
function lcs(a: readonly string[], b: readonly string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
  return table[a.length]![b.length]!;
}

describe('diffSequences', () => {
  it('gives back both sides and keeps a longest common part', () => {
    const items = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 30 });
    fc.assert(
      fc.property(items, items, (a, b) => {
        const runs = diffSequences(a, b);
        expect(side(runs, 'removed')).toEqual(a);
        expect(side(runs, 'added')).toEqual(b);
        expect(runs.filter((run) => run.op === 'same').reduce((sum, run) => sum + run.items.length, 0)).toBe(lcs(a, b));
      }),
    );
  });

  it('says nothing changed for equal sides, and all changed against an empty side', () => {
    expect(diffSequences(['x', 'y'], ['x', 'y'])).toEqual([{ op: 'same', items: ['x', 'y'] }]);
    expect(diffSequences([], ['x'])).toEqual([{ op: 'added', items: ['x'] }]);
    expect(diffSequences(['x'], [])).toEqual([{ op: 'removed', items: ['x'] }]);
  });

  it('puts removals before additions at the same place, and never two runs of one kind in a row', () => {
    expect(diffSequences(['a', 'x', 'c'], ['a', 'y', 'c']).map((run) => run.op)).toEqual([
      'same',
      'removed',
      'added',
      'same',
    ]);
    const items = fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 20 });
    fc.assert(
      fc.property(items, items, (a, b) => {
        const ops = diffSequences(a, b).map((run) => run.op);
        ops.forEach((op, index) => {
          expect(op).not.toBe(ops[index + 1]);
          if (op === 'added') expect(ops[index + 1]).not.toBe('removed');
        });
      }),
    );
  });

  it('compares with the given equality', () => {
    const runs = diffSequences(['A', 'b'], ['a', 'B'], (x, y) => x.toLowerCase() === y.toLowerCase());
    expect(runs.map((run) => run.op)).toEqual(['same']);
  });
});

describe('diffText', () => {
  it('counts changed lines and marks the changed words of an edited line', () => {
    const diff = diffText('Summary\nCosts fell by 4%.\nEnd', 'Summary\nCosts fell by 9%.\nEnd');
    expect(diff).toMatchObject({ added: 1, removed: 1, identical: false });
    expect(diff.lines.map((line) => line.op)).toEqual(['same', 'removed', 'added', 'same']);
    expect(diff.lines[1]?.words?.filter((part) => part.op === 'removed').map((part) => part.text)).toEqual(['4']);
    expect(diff.lines[2]?.words?.filter((part) => part.op === 'added').map((part) => part.text)).toEqual(['9']);
  });

  it('treats CRLF and LF alike and calls equal texts identical', () => {
    expect(diffText('a\r\nb', 'a\nb').identical).toBe(true);
    expect(diffText('', '').lines).toEqual([]);
  });

  it('joins word parts back into the exact lines', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (before, after) => {
        const parts = diffWords(before, after);
        expect(
          parts
            .filter((part) => part.op !== 'added')
            .map((part) => part.text)
            .join(''),
        ).toBe(before);
        expect(
          parts
            .filter((part) => part.op !== 'removed')
            .map((part) => part.text)
            .join(''),
        ).toBe(after);
      }),
    );
  });

  it('reports wholly replaced texts when they share nothing', () => {
    const diff = diffText('one\ntwo', 'three');
    expect(diff).toMatchObject({ added: 1, removed: 2 });
  });
});
