import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnswerMarkdown, Markdown } from './markdown';
import { safeUrl } from './markdown-url';

// The renderer is loaded on first use; loading it once here keeps each test's wait short.
beforeAll(async () => {
  await import('./markdown-render');
});

describe('Markdown', () => {
  it('renders GFM: headings, tables, task lists and code', async () => {
    const { container } = render(
      <Markdown
        text={'## Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n```ts\nconst x = 1;\n```'}
      />,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getAllByRole('checkbox')[0]).toBeChecked();
    expect(container.querySelector('pre')?.textContent).toBe('const x = 1;');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('shows the text at once, as plain text, before the renderer is there', () => {
    render(<Markdown text={'**bold** words'} />);
    expect(screen.getByText(/words/)).toBeInTheDocument();
  });

  it('shows raw HTML as nothing executable', async () => {
    const { container } = render(
      <Markdown text={'before <img src=x onerror="alert(1)"> <script>alert(2)</script> after'} />,
    );
    await waitFor(() => expect(container.querySelector('p')).not.toBeNull());
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('before');
  });

  it('opens safe links in a new tab and drops javascript: links', async () => {
    render(<Markdown text={'[docs](https://example.com/docs) and [bad](javascript:alert(1))'} />);
    const docs = await screen.findByRole('link', { name: 'docs' });
    expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.getByText('bad')).toBeInTheDocument();
  });

  it('keeps only absolute http(s) and mailto URLs', () => {
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,x')).toBe('');
    expect(safeUrl('//evil.example')).toBe('');
    expect(safeUrl('/settings')).toBe('');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
  });

  it('never loads images from an answer; it offers a link instead', async () => {
    const { container } = render(<Markdown text={'![chart](https://attacker.example/p.png?d=secret)'} />);
    expect(await screen.findByRole('link', { name: '[Image: chart]' })).toHaveAttribute(
      'href',
      'https://attacker.example/p.png?d=secret',
    );
    expect(container.querySelector('img')).toBeNull();
  });
});

const filler = Array.from({ length: 12 }, (_, index) => `Paragraph ${index} about nothing in particular.`).join('\n\n');
const references = `Read [the guide][guide] first.\n\n${filler}\n\n[guide]: https://example.com/guide "The guide"`;
const footnotes = `A claim that needs a source.[^src]\n\n${filler}\n\n[^src]: The source, far below.`;

describe('a finished answer', () => {
  it('resolves a reference link whose definition is far from its use', async () => {
    render(<AnswerMarkdown text={references} />);
    expect(await screen.findByRole('link', { name: 'the guide' })).toHaveAttribute('href', 'https://example.com/guide');
    expect(screen.queryByText(/\[guide\]/)).toBeNull();
  });

  it('renders a footnote far from its use, and its reference jumps to it within the answer', async () => {
    const { container } = render(<AnswerMarkdown text={footnotes} />);
    const reference = await screen.findByRole('link', { name: '1' });
    const note = screen.getByText(/The source, far below/).closest('li');
    expect(note).not.toBeNull();
    expect(reference.getAttribute('href')).toBe(`#${note?.id}`);
    expect(screen.queryByText(/\[\^src\]/)).toBeNull();
    expect(container.querySelector('h2')).toBeNull();
    await userEvent.click(reference);
    expect(note).toHaveFocus();
    expect(window.location.hash).toBe('');
  });

  it('gives two answers with the same footnote label ids of their own', async () => {
    const { container } = render(
      <>
        <AnswerMarkdown text={footnotes} />
        <AnswerMarkdown text={footnotes} />
      </>,
    );
    await waitFor(() => expect(container.querySelectorAll('li[id]')).toHaveLength(2));
    const [first, second] = [...container.querySelectorAll('li[id]')].map((item) => item.id);
    expect(first).not.toBe(second);
  });

  it('while streaming, renders block by block and resolves references once finished', async () => {
    const { container, rerender } = render(<AnswerMarkdown text={references} streaming />);
    await screen.findByText(/Paragraph 11/);
    expect(screen.queryByRole('link', { name: 'the guide' })).toBeNull();
    rerender(<AnswerMarkdown text={references} />);
    // Rendered whole at once: the plain-text stand-in of a loading renderer does not flash in between.
    expect(screen.getByRole('link', { name: 'the guide' })).toBeInTheDocument();
    expect(container.querySelector('.markdown-plain')).toBeNull();
  });
});

describe('finishing an answer without definitions', () => {
  const answer =
    '# Plan\n\n1. one\n2. two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst answer = 42;\n```\n\n> quoted *words*\n\n- [x] done\n- [ ] open\n\nDone ~~now~~.';

  it('keeps the elements it streamed and only highlights its code', async () => {
    const { container, rerender } = render(<AnswerMarkdown text={answer} streaming />);
    const heading = await screen.findByRole('heading', { name: 'Plan' });
    const table = screen.getByRole('table');
    expect(container.querySelectorAll('pre code span')).toHaveLength(0);
    rerender(<AnswerMarkdown text={answer} />);
    expect(screen.getByRole('heading', { name: 'Plan' })).toBe(heading);
    expect(screen.getByRole('table')).toBe(table);
    await waitFor(() => expect(container.querySelectorAll('pre code span').length).toBeGreaterThan(2), {
      timeout: 10_000,
    });
    expect(container.querySelector('pre')?.textContent).toBe('const answer = 42;');
  });

  it('shows what the whole document shows', async () => {
    // Group boxes, code colouring, attribute order and the line breaks between top-level blocks aside, both give the
    // same markup.
    const markupOf = (element: Element) => {
      const copy = element.cloneNode(true) as Element;
      for (const group of copy.querySelectorAll('.markdown-group')) group.replaceWith(...group.childNodes);
      for (const node of [...(copy.querySelector('.markdown')?.childNodes ?? [])])
        if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim() === '') node.remove();
      for (const code of copy.querySelectorAll('pre code')) code.replaceChildren(code.textContent ?? '');
      for (const code of copy.querySelectorAll('pre code')) code.removeAttribute('class');
      // Attributes in one order (painted groups set them in the markdown's order, React in its own).
      for (const element of copy.querySelectorAll('*')) {
        const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const).sort();
        for (const [name] of attributes) element.removeAttribute(name);
        for (const [name, value] of attributes) element.setAttribute(name, value);
      }
      return copy.innerHTML;
    };
    const texts = [
      answer,
      `Intro\n\n${Array.from({ length: 80 }, (_, index) => `${index + 1}. item *${index}*\n\n   more of it`).join('\n')}\n\nEnd`,
      '```\nfence\n\nstill\n```\n\n    indented\n\n***\n\nSetext\n======',
    ];
    for (const text of texts) {
      const whole = render(<Markdown text={text} />);
      const blocks = render(<AnswerMarkdown text={text} />);
      await waitFor(() => expect(blocks.container.querySelector('.markdown')).not.toBeNull());
      await waitFor(() => expect(whole.container.querySelector('.markdown')).not.toBeNull());
      expect(markupOf(blocks.container)).toBe(markupOf(whole.container));
      whole.unmount();
      blocks.unmount();
    }
  });
});

describe('a huge answer', () => {
  const huge = `# Big\n\n${Array.from({ length: 400 }, (_, index) => `Line ${index} ${'x'.repeat(40)}`).join('\n\n')}`;

  it('shows only its first part, says how much, and shows all of it on request', async () => {
    render(<AnswerMarkdown text={huge} limit={5_000} />);
    expect(await screen.findByRole('heading', { name: 'Big' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/Showing the first 5 KB of 20 KB/);
    expect(screen.queryByText(/Line 399/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.getByText(/Line 399/)).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('copies all of it, not only the part shown', async () => {
    const user = userEvent.setup();
    render(<AnswerMarkdown text={huge} limit={5_000} streaming />);
    await user.click(await screen.findByRole('button', { name: 'Copy all' }));
    expect(await navigator.clipboard.readText()).toBe(huge);
  });
});

describe('AnswerMarkdown while it streams', () => {
  it('renders the same blocks as a whole document, list numbering and code included', async () => {
    const text = '## Steps\n\n1. one\n2. two\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nDone.';
    const { container } = render(<AnswerMarkdown text={text} streaming />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Steps' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelectorAll('pre')).toHaveLength(1);
    expect(container.querySelector('pre')?.textContent).toContain('const b = 2;');
  });

  it('keeps earlier blocks as the same elements while the text grows', async () => {
    const { rerender } = render(<AnswerMarkdown text={'# Title\n\nFirst words'} streaming />);
    const heading = await screen.findByRole('heading', { name: 'Title' });
    act(() => rerender(<AnswerMarkdown text={'# Title\n\nFirst words and more'} streaming />));
    expect(screen.getByRole('heading', { name: 'Title' })).toBe(heading);
    expect(screen.getByText('First words and more')).toBeInTheDocument();
  });
});
