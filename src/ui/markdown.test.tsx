import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GrowingMarkdown, Markdown, safeUrl } from './markdown';

describe('Markdown', () => {
  it('renders GFM: headings, tables and code', () => {
    render(<Markdown text={'## Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByText('const x = 1;')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('shows raw HTML as nothing executable', () => {
    const { container } = render(<Markdown text={'before <img src=x onerror="alert(1)"> <script>alert(2)</script> after'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('before');
  });

  it('opens safe links in a new tab and drops javascript: links', () => {
    render(<Markdown text={'[docs](https://example.com/docs) and [bad](javascript:alert(1))'} />);
    const docs = screen.getByRole('link', { name: 'docs' });
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

  it('never loads images from an answer; it offers a link instead', () => {
    const { container } = render(<Markdown text={'![chart](https://attacker.example/p.png?d=secret)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: '[Image: chart]' })).toHaveAttribute('href', 'https://attacker.example/p.png?d=secret');
  });
});

describe('GrowingMarkdown', () => {
  it('renders the same blocks as a whole document, list numbering and code included', () => {
    const text = '## Steps\n\n1. one\n2. two\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nDone.';
    const { container } = render(<GrowingMarkdown text={text} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Steps' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelectorAll('pre')).toHaveLength(1);
    expect(container.querySelector('pre')?.textContent).toContain('const b = 2;');
  });

  it('keeps earlier blocks as the same elements while the text grows', () => {
    const { rerender } = render(<GrowingMarkdown text={'# Title\n\nFirst words'} />);
    const heading = screen.getByRole('heading', { name: 'Title' });
    rerender(<GrowingMarkdown text={'# Title\n\nFirst words and more'} />);
    expect(screen.getByRole('heading', { name: 'Title' })).toBe(heading);
    expect(screen.getByText('First words and more')).toBeInTheDocument();
  });
});
