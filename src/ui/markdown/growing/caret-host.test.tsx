import { render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnswerMarkdown } from '@/ui/markdown/markdown';

beforeAll(async () => {
  await import('@/ui/markdown/markdown-render');
});

/** Streams `text` and names the one element holding the caret by its tag and text. */
async function caretOf(text: string): Promise<string> {
  const { container } = render(<AnswerMarkdown text={text} streaming />);
  await waitFor(() => expect(container.querySelector('.markdown')).not.toBeNull());
  const marked = [...container.querySelectorAll('[data-caret]')];
  expect(marked).toHaveLength(1);
  const [host] = marked;
  return `${host?.tagName ?? ''} ${host?.textContent?.trim() ?? ''}`;
}

describe('the caret of a growing answer', () => {
  it.each([
    ['a paragraph', 'Some words', 'P Some words'],
    ['a heading after a paragraph', 'Intro\n\n## Next steps', 'H2 Next steps'],
    ['a list', 'Intro\n\n- one\n- two', 'LI two'],
    ['a list item of paragraphs', '- one\n\n  more about one', 'P more about one'],
    ['a nested list', '- a\n  - b\n    - c\n      - d', 'LI d'],
    ['a table', '| a | b |\n| --- | --- |\n| 1 | 2 |', 'TD 2'],
    ['code', 'Look:\n\n```js\nconst a = 1;', 'CODE const a = 1;'],
    ['a quote', '> quoted words', 'P quoted words'],
    ['a rule', 'Words\n\n---', 'HR '],
  ])('ends %s', async (_what, text, expected) => {
    expect(await caretOf(text)).toBe(expected);
  });

  it('stays after the text while the growing block shows nothing yet (a link definition)', async () => {
    expect(await caretOf('Words first\n\n[ref]: https://example.com')).toBe('P Words first');
  });

  it('moves with the end of the text, marks one element at a time, and goes when the answer is finished', async () => {
    const { container, rerender } = render(<AnswerMarkdown text="First words" streaming />);
    await waitFor(() => expect(container.querySelector('[data-caret]')?.tagName).toBe('P'));
    rerender(<AnswerMarkdown text={'First words\n\n- an item'} streaming />);
    expect([...container.querySelectorAll('[data-caret]')].map((element) => element.tagName)).toEqual(['LI']);
    rerender(<AnswerMarkdown text={'First words\n\n- an item\n\nLast words'} streaming />);
    expect([...container.querySelectorAll('[data-caret]')].map((element) => element.textContent)).toEqual([
      'Last words',
    ]);
    rerender(<AnswerMarkdown text={'First words\n\n- an item\n\nLast words'} />);
    expect(container.querySelectorAll('[data-caret]')).toHaveLength(0);
  });
});
