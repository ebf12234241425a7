import { afterEach, describe, expect, it, vi } from 'vitest';

const text = (tokens: unknown) => JSON.stringify(tokens);

describe('highlightTokens', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tokenises here when the worker cannot start (a CSP without workers), and caches the result', async () => {
    const started: string[] = [];
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        constructor(url: URL) {
          super();
          started.push(url.pathname);
          // What a browser does with a worker its CSP refuses: an error event, no messages.
          setTimeout(() => this.dispatchEvent(new Event('error')), 10);
        }
        postMessage() {}
        terminate() {}
      },
    );
    vi.resetModules();
    const { cachedTokens, highlightTokens } = await import('./code-highlight');
    const tokens = await highlightTokens('let x = 1;', 'js');
    expect(started).toEqual([expect.stringMatching(/code-highlight\.worker\.ts$/)]);
    expect(text(tokens)).toContain('"value":"let"');
    expect(cachedTokens('let x = 1;', 'js')).toBe(tokens);
    // Later blocks do not try the worker again.
    expect(text(await highlightTokens('const y = 2;', 'javascript'))).toContain('"value":"const"');
    expect(started).toHaveLength(1);
  });

  it("gives each block the worker's answer to its own request, whatever the order they come back in", async () => {
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        requests: Array<{ id: number; code: string }> = [];
        postMessage(request: { id: number; code: string }) {
          this.requests.push(request);
          // Answers the second request first.
          if (this.requests.length === 2) {
            for (const { id, code } of [...this.requests].reverse()) {
              setTimeout(
                () =>
                  this.dispatchEvent(
                    new MessageEvent('message', { data: { id, tokens: [{ type: 'text', value: `worker: ${code}` }] } }),
                  ),
                0,
              );
            }
          }
        }
        terminate() {}
      },
    );
    vi.resetModules();
    const { highlightTokens } = await import('./code-highlight');
    const [first, second] = await Promise.all([highlightTokens('a = 1', 'python'), highlightTokens('b = 2', 'python')]);
    expect(first).toEqual([{ type: 'text', value: 'worker: a = 1' }]);
    expect(second).toEqual([{ type: 'text', value: 'worker: b = 2' }]);
  });

  it('keeps unknown languages and very long code plain', async () => {
    vi.resetModules();
    const { highlightTokens, maxHighlightedLength } = await import('./code-highlight');
    expect(await highlightTokens('(defun f (x) x)', 'lisp')).toBeNull();
    expect(await highlightTokens('x'.repeat(maxHighlightedLength + 1), 'ts')).toBeNull();
  });
});
