import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GrowingText } from './growing-text';
import { extendBlocks, flatCopy, needsWholeDocument, settleBlocks, splitBlocks } from './markdown-blocks';

const splitMarkdownBlocks = (text: string) => [...splitBlocks(text).blocks];

describe('splitMarkdownBlocks', () => {
  it('cuts at blank lines between top-level blocks', () => {
    expect(splitMarkdownBlocks('# Title\n\nA paragraph\nstill it.\n\n| a | b |\n|---|---|\n| 1 | 2 |')).toEqual([
      '# Title',
      'A paragraph\nstill it.',
      '| a | b |\n|---|---|\n| 1 | 2 |',
    ]);
  });

  it('never cuts inside a fenced code block, even at blank lines', () => {
    expect(splitMarkdownBlocks('Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter')).toEqual([
      'Intro',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```',
      'After',
    ]);
  });

  it('keeps indented continuations with their list item', () => {
    expect(splitMarkdownBlocks('- item\n\n  more of the item\n\nNext')).toEqual([
      '- item\n\n  more of the item',
      'Next',
    ]);
  });

  it('keeps an unfinished fence (still streaming) as the last block', () => {
    expect(splitMarkdownBlocks('Text\n\n```py\nprint(1)\n\nprint(2')).toEqual(['Text', '```py\nprint(1)\n\nprint(2']);
  });

  it('gives the text back when joined', () => {
    const text = '## A\n\n1. one\n2. two\n\n> quote\n\nend';
    expect(splitMarkdownBlocks(text).join('\n\n')).toBe(text);
  });
});

// Pieces a streamed answer is made of, with the constructs that decide where cuts go.
const piece = fc.constantFrom(
  '# Title',
  'Some words',
  'more words',
  '- item',
  '  continued',
  '1. first',
  '    indented code',
  '```ts',
  '```',
  '~~~',
  '````',
  'const a = 1;',
  '> quote',
  '| a | b |',
  '|---|---|',
  'See [the docs][1] and a note[^n].',
  '[1]: https://example.com/docs',
  '[^n]: The note, far from its use.',
  '   ',
  '\t',
  '',
);
const markdown = fc.array(piece, { maxLength: 40 }).map((lines) => lines.join('\n'));

describe('extendBlocks', () => {
  it('gives the same blocks as splitting at once, for text cut anywhere and grown in any steps', () => {
    fc.assert(
      fc.property(markdown, fc.array(fc.nat(), { maxLength: 8 }), (text, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        let split = splitBlocks('');
        for (const cut of [...cuts, text.length]) {
          split = extendBlocks(split, text.slice(0, cut));
          expect(split.blocks).toEqual(splitBlocks(text.slice(0, cut)).blocks);
        }
        // Only blank lines between blocks are left out.
        expect(split.blocks.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the earlier blocks as the very same strings while the text grows', () => {
    const first = splitBlocks('# Title\n\nFirst words');
    const next = extendBlocks(first, '# Title\n\nFirst words and more\n\nA new block');
    expect(next.blocks).toEqual(['# Title', 'First words and more', 'A new block']);
    expect(next.blocks[0]).toBe(first.blocks[0]);
  });

  it('starts again when the text is replaced rather than extended', () => {
    const first = splitBlocks('# One\n\nText');
    expect(extendBlocks(first, '# Two\n\nOther').blocks).toEqual(['# Two', 'Other']);
  });
});

describe('extendBlocks with the text as it grew', () => {
  it('gives the same blocks as splitting at once, for text grown in any steps', () => {
    fc.assert(
      fc.property(markdown, fc.array(fc.nat(), { maxLength: 8 }), (text, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        let growing = GrowingText.of('');
        let split = splitBlocks('', growing);
        let at = 0;
        for (const cut of [...cuts, text.length]) {
          growing = growing.append(text.slice(at, cut));
          at = cut;
          split = extendBlocks(split, text.slice(0, cut), growing);
          expect(split.blocks).toEqual(splitBlocks(text.slice(0, cut)).blocks);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the new end from the pieces and keeps earlier blocks as they were', () => {
    const start = GrowingText.of('# Title\n\nFirst');
    const first = splitBlocks(start.toString(), start);
    const grown = start.append(' words\n\nNext');
    // Only the length of the text is read: its characters come from the pieces.
    const next = extendBlocks(first, '?'.repeat(grown.length), grown);
    expect(next.blocks).toEqual(['# Title', 'First words', 'Next']);
    expect(next.blocks[0]).toBe(first.blocks[0]);
  });

  it('lets go of the pieces once the text has stopped growing, keeping the blocks', () => {
    const growing = GrowingText.of('# Title\n\nDone');
    const streaming = splitBlocks(growing.toString(), growing);
    const finished = extendBlocks(streaming, streaming.text);
    expect(finished.growing).toBeUndefined();
    expect(finished.blocks).toBe(streaming.blocks);
  });

  it('reads the text itself when the pieces are of another text', () => {
    const first = splitBlocks('# One\n\nText', GrowingText.of('# One\n\nText'));
    const other = GrowingText.of('# Two\n\nOther words');
    expect(extendBlocks(first, '# Two\n\nOther words', other).blocks).toEqual(['# Two', 'Other words']);
  });
});

describe('flatCopy', () => {
  it('gives an equal string', () => {
    const whole = `${'x'.repeat(100_000)}\n\nA one-line block long enough to be a slice`;
    const block = whole.slice(100_002);
    expect(flatCopy(block)).toBe(block);
    expect(flatCopy('short')).toBe('short');
  });
});

describe('needsWholeDocument', () => {
  it('is true for reference and footnote definitions, wherever they stand', () => {
    for (const text of [
      'See [a].\n\n[a]: https://a.test',
      'Claim.[^1]\n\n[^1]: Source',
      '- item\n\n  [b]: /b',
      '> [c]: /c "title"',
    ]) {
      expect(needsWholeDocument(text)).toBe(true);
    }
  });

  it('is false for markdown that renders the same block by block', () => {
    for (const text of [
      '# Title\n\nA [link](https://a.test) and [text in brackets].',
      '- [x] done\n- [ ] open',
      '```\ncode\n```',
    ]) {
      expect(needsWholeDocument(text)).toBe(false);
    }
  });
});

describe('settleBlocks', () => {
  it('keeps the blocks and offsets of a finished text, and lets go of the pieces it grew by', () => {
    let growing = GrowingText.of('');
    let split = splitBlocks('', growing);
    for (const piece of ['# Title\n\nSome ', 'text.\n\n```js\nx', '\n```\n\nEnd']) {
      growing = growing.append(piece);
      split = extendBlocks(split, growing.toString(), growing);
    }
    const settled = settleBlocks(split, growing.toString());
    expect(settled.blocks).toEqual(split.blocks);
    expect(settled.starts).toEqual(split.starts);
    expect(settled.text).toBe(split.text);
    expect(settled.growing).toBeUndefined();
    expect(settleBlocks(settled, settled.text)).toBe(settled);
  });

  it('splits a settled text again when it grows after all (a turn answered again)', () => {
    const settled = settleBlocks(splitBlocks('One\n\nTwo'), 'One\n\nTwo');
    expect(extendBlocks(settled, 'One\n\nTwo\n\nThree').blocks).toEqual(['One', 'Two', 'Three']);
  });
});
