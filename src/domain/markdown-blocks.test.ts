import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks } from './markdown-blocks';

describe('splitMarkdownBlocks', () => {
  it('cuts at blank lines between top-level blocks', () => {
    expect(splitMarkdownBlocks('# Title\n\nA paragraph\nstill it.\n\n| a | b |\n|---|---|\n| 1 | 2 |')).toEqual(['# Title', 'A paragraph\nstill it.', '| a | b |\n|---|---|\n| 1 | 2 |']);
  });

  it('never cuts inside a fenced code block, even at blank lines', () => {
    expect(splitMarkdownBlocks('Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter')).toEqual(['Intro', '```ts\nconst a = 1;\n\nconst b = 2;\n```', 'After']);
  });

  it('keeps indented continuations with their list item', () => {
    expect(splitMarkdownBlocks('- item\n\n  more of the item\n\nNext')).toEqual(['- item\n\n  more of the item', 'Next']);
  });

  it('keeps an unfinished fence (still streaming) as the last block', () => {
    expect(splitMarkdownBlocks('Text\n\n```py\nprint(1)\n\nprint(2')).toEqual(['Text', '```py\nprint(1)\n\nprint(2']);
  });

  it('gives the text back when joined', () => {
    const text = '## A\n\n1. one\n2. two\n\n> quote\n\nend';
    expect(splitMarkdownBlocks(text).join('\n\n')).toBe(text);
  });
});
