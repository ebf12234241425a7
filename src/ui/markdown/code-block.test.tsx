import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeBlock } from './code-block';
import { grammarFor } from './code-highlight';

const tokenColours = (container: Element) =>
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
        <CodeBlock code={'const b = 2;\n'} language="ts" highlight />
      </>,
    );
    const [unknown, streaming, known] = [...container.querySelectorAll('pre')];
    // The known block beside them is coloured: the highlighter has loaded and had its chance at the other two.
    await waitFor(() => expect(tokenColours(known!).length).toBeGreaterThan(1), { timeout: 10_000 });
    expect([tokenColours(unknown!), tokenColours(streaming!)]).toEqual([[], []]);
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
    const { container } = render(
      <>
        <CodeBlock code={'let near = "here";\n'} language="js" highlight />
        <CodeBlock code={'let far = "away";\n'} language="js" highlight />
      </>,
    );
    const [near, far] = [...container.querySelectorAll('pre')];
    expect(observed).toEqual([near, far]);

    // Only the near block comes in sight: once it is coloured, the far one is still plain.
    act(() => report?.([{ target: near!, isIntersecting: true }]));
    await waitFor(() => expect(tokenColours(near!).length).toBeGreaterThan(1), { timeout: 10_000 });
    expect(tokenColours(far!)).toEqual([]);

    act(() => report?.([{ target: far!, isIntersecting: true }]));
    await waitFor(() => expect(tokenColours(far!).length).toBeGreaterThan(1), { timeout: 10_000 });
  });

  it('counts nearness inside the box it scrolls in (the transcript), where the page’s viewport would clip it', () => {
    const roots: Array<{ root: Element | Document | null | undefined; rootMargin: string | undefined }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(_callback: unknown, options?: IntersectionObserverInit) {
          roots.push({ root: options?.root, rootMargin: options?.rootMargin });
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    // jsdom lays nothing out: the boxes say how tall they are inside and as shown.
    const box = (testId: string, inside: number) => ({
      ref: (element: HTMLDivElement | null) => {
        if (!element) return;
        Object.defineProperty(element, 'scrollHeight', { value: inside, configurable: true });
        Object.defineProperty(element, 'clientHeight', { value: 100, configurable: true });
      },
      'data-testid': testId,
      style: { overflowY: 'auto' as const, height: 100 },
    });
    const { container } = render(
      <div {...box('transcript', 5000)}>
        {/* A wide table's box scrolls sideways only: its overflow-y computes as auto, but it is no taller inside. */}
        <div {...box('sideways', 100)}>
          <CodeBlock code={'let inside = "box";\n'} language="js" highlight />
        </div>
      </div>,
    );
    expect(roots).toEqual([{ root: container.querySelector('[data-testid="transcript"]'), rootMargin: '1600px 0px' }]);
  });

  it('knows the usual names of the default languages', () => {
    expect(
      ['ts', 'JS', 'py', 'bash', 'sh', 'shell', 'yml', 'json', 'sql', 'html', 'css', 'md', 'diff'].map(grammarFor),
    ).not.toContain(null);
    expect(grammarFor('cobol')).toBeNull();
    expect(grammarFor(undefined)).toBeNull();
  });
});
