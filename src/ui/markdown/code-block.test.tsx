import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeBlock } from './code-block';
import { grammarFor } from './code-highlight';

const tokenColours = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('pre code span')]
    .map((span) => span.style.getPropertyValue('--shiki-light'))
    .filter(Boolean);

describe('CodeBlock', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('colours a known language once the highlighter has loaded, with both themes as CSS variables', async () => {
    const { container } = render(
      <CodeBlock code={'const answer = 42;\nconsole.log(answer);\n'} language="ts" highlight />,
    );
    expect(container.querySelector('pre')?.textContent).toBe('const answer = 42;\nconsole.log(answer);');
    await waitFor(() => expect(tokenColours(container).length).toBeGreaterThan(2), { timeout: 10_000 });
    const keyword = [...container.querySelectorAll<HTMLElement>('pre code span')].find(
      (span) => span.textContent === 'const',
    );
    expect(keyword?.style.getPropertyValue('--shiki-dark')).toMatch(/^#/);
    expect(container.querySelector('pre')?.textContent).toBe('const answer = 42;\nconsole.log(answer);');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('shows an unknown language, and streaming code, as plain text', async () => {
    const { container } = render(
      <>
        <CodeBlock code={'(defun f (x) x)\n'} language="lisp" highlight />
        <CodeBlock code={'const a = 1;\n'} language="ts" highlight={false} />
      </>,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(container.querySelectorAll('pre code span')).toHaveLength(0);
    expect(screen.getByText('(defun f (x) x)')).toBeInTheDocument();
  });

  it('waits until the block comes near the viewport before highlighting it', async () => {
    // An IntersectionObserver the test drives: it reports only what the test says is in sight.
    const observed: Element[] = [];
    let report: ((entries: Array<{ target: Element; isIntersecting: boolean }>) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void) {
          report = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const { container } = render(<CodeBlock code={'let far = "away";\n'} language="js" highlight />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(container.querySelectorAll('pre code span')).toHaveLength(0);
    expect(observed).toEqual([container.querySelector('pre')]);

    act(() => report?.(observed.map((target) => ({ target, isIntersecting: true }))));
    await waitFor(() => expect(tokenColours(container).length).toBeGreaterThan(1), { timeout: 10_000 });
  });

  it('knows the usual names of the default languages', () => {
    expect(
      ['ts', 'JS', 'py', 'bash', 'sh', 'shell', 'yml', 'json', 'sql', 'html', 'css', 'md', 'diff'].map(grammarFor),
    ).not.toContain(null);
    expect(grammarFor('cobol')).toBeNull();
    expect(grammarFor(undefined)).toBeNull();
  });
});
