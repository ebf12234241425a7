import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createHighlightSwitch, HighlightCode } from '@/ui/markdown/markdown-components';
import type { RehypeOptions } from '@/ui/markdown/markdown-hast';
import { PaintedGroup } from './painted-group';

const rehype: RehypeOptions = { clobberPrefix: 'test-' };

function renderGroup(blocks: readonly string[], on = false) {
  const highlight = createHighlightSwitch(on);
  const view = (next: readonly string[]) => (
    <HighlightCode.Provider value={highlight}>
      <PaintedGroup blocks={next} rehype={rehype} />
    </HighlightCode.Provider>
  );
  const { container, rerender } = render(view(blocks));
  const group = () => container.querySelector('.markdown-group') as HTMLElement;
  return { group, highlight, show: (next: readonly string[]) => rerender(view(next)) };
}

describe('PaintedGroup', () => {
  it('paints a block that joins onto the end, leaving the elements painted before as they are', () => {
    const { group, show } = renderGroup(['# Plan', 'First *step*.']);
    const heading = group().querySelector('h1');
    expect(group().innerHTML).toBe('<h1>Plan</h1><p>First <em>step</em>.</p>');
    show(['# Plan', 'First *step*.', '- [x] done']);
    expect(group().querySelector('h1')).toBe(heading);
    expect(group().querySelector('li input')).toMatchObject({ type: 'checkbox', checked: true, disabled: true });
  });

  it('paints again from the first block that changed when the text was replaced', () => {
    const { group, show } = renderGroup(['# Plan', 'Old words.', 'Last.']);
    const heading = group().querySelector('h1');
    show(['# Plan', 'New words.']);
    expect(group().querySelector('h1')).toBe(heading);
    expect(group().textContent).toBe('PlanNew words.');
  });

  it('makes links open apart and never paints an event handler or a script', () => {
    const { group } = renderGroup([
      '[site](https://example.com) <img src=x onerror="alert(1)"> [bad](javascript:alert(1))',
    ]);
    const [site, bad] = [...group().querySelectorAll('a')];
    expect(site).toMatchObject({ target: '_blank', rel: 'noopener noreferrer nofollow' });
    expect(bad?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(group().querySelector('img, script, [onerror]')).toBeNull();
  });

  it('colours code once finished, each token’s colours set as properties (no style attribute to refuse)', async () => {
    const { group, highlight } = renderGroup(['```ts\nconst answer = 42;\n```']);
    expect(group().querySelectorAll('pre code span')).toHaveLength(0);
    expect(group().querySelector('button')?.textContent).toBe('Copy code');
    highlight.set(true);
    await waitFor(() => expect(group().querySelectorAll('pre code span').length).toBeGreaterThan(2), {
      timeout: 10_000,
    });
    const keyword = [...group().querySelectorAll<HTMLElement>('pre code span')].find(
      (span) => span.textContent === 'const',
    );
    expect(keyword?.style.getPropertyValue('--shiki-light')).toMatch(/^#/);
    expect(group().querySelector('pre code')?.className).toBe('language-ts highlighted');
    expect(group().querySelector('pre code > span')?.className).toBe('line');
    expect(group().querySelector('pre')?.textContent).toBe('const answer = 42;');
  });

  it('shows code highlighted lately coloured from its first paint (a row mounted again as it is scrolled back to)', async () => {
    const code = ['```ts\nconst again = 1;\n```'];
    const first = renderGroup(code, true);
    await waitFor(() => expect(first.group().querySelectorAll('pre code span').length).toBeGreaterThan(2), {
      timeout: 10_000,
    });
    const { group } = renderGroup(code, true);
    expect(group().querySelector('pre code')?.className).toBe('language-ts highlighted');
  });
});
