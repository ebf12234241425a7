import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnswerMarkdown } from '@/ui/markdown/markdown';

beforeAll(async () => {
  await import('@/ui/markdown/markdown-render');
});

const groups = (container: HTMLElement) => [...container.querySelectorAll('.markdown > .markdown-group')];

describe('a streaming answer', () => {
  it('grows its last paragraph in place, and hands each block to React once the next one starts', async () => {
    const { container, rerender } = render(<AnswerMarkdown text="First words" streaming />);
    const first = await waitFor(() => {
      const paragraph = container.querySelector('p');
      expect(paragraph).not.toBeNull();
      return paragraph as HTMLParagraphElement;
    });
    rerender(<AnswerMarkdown text="First words of the answer" streaming />);
    // The same paragraph, its text grown by a text node of its own.
    expect(screen.getByText('First words of the answer')).toBe(first);
    expect(first.childNodes).toHaveLength(2);

    rerender(<AnswerMarkdown text={'First words of the answer\n\nA second **paragraph**'} streaming />);
    const [settled, growing] = groups(container);
    expect(settled?.textContent).toBe('First words of the answer');
    expect(growing?.querySelector('strong')?.textContent).toBe('paragraph');

    rerender(<AnswerMarkdown text={'First words of the answer\n\nA second **paragraph**'} />);
    // Finished: one group of blocks, all React's.
    expect(groups(container)).toHaveLength(1);
    expect(groups(container)[0]?.querySelectorAll('p')).toHaveLength(2);
    expect(screen.getByText('paragraph').tagName).toBe('STRONG');
  });
});
