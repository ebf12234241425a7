import { afterEach, describe, expect, it, vi } from 'vitest';

const text = (tokens: unknown) => JSON.stringify(tokens);

/** A stubbed highlighter worker's reply to request `id`: one text token, `ms` later. */
const replyLater = (worker: EventTarget, id: number, value: string, ms: number) =>
  setTimeout(
    () => worker.dispatchEvent(new MessageEvent('message', { data: { id, tokens: [{ type: 'text', value }] } })),
    ms,
  );

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
            for (const { id, code } of [...this.requests].reverse()) replyLater(this, id, `worker: ${code}`, 0);
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

  it('asks the worker once for code whose highlighting is under way, and gives every block asking its answer', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        postMessage({ id, code }: { id: number; code: string }) {
          requests.push(code);
          replyLater(this, id, `worker: ${code}`, 5);
        }
        terminate() {}
      },
    );
    vi.resetModules();
    const { highlightTokens } = await import('./code-highlight');
    const answers = await Promise.all([
      highlightTokens('let a = 1;', 'ts'),
      highlightTokens('let a = 1;', 'ts'),
      highlightTokens('let b = 2;', 'ts'),
      highlightTokens('let a = 1;', 'typescript'),
    ]);
    expect(requests).toEqual(['let a = 1;', 'let b = 2;']);
    expect(answers.map(text)).toEqual([
      text([{ type: 'text', value: 'worker: let a = 1;' }]),
      text([{ type: 'text', value: 'worker: let a = 1;' }]),
      text([{ type: 'text', value: 'worker: let b = 2;' }]),
      text([{ type: 'text', value: 'worker: let a = 1;' }]),
    ]);
  });

  it('keeps unknown languages and very long code plain', async () => {
    vi.resetModules();
    const { highlightTokens, maxHighlightedLength } = await import('./code-highlight');
    expect(await highlightTokens('(defun f (x) x)', 'lisp')).toBeNull();
    expect(await highlightTokens('x'.repeat(maxHighlightedLength + 1), 'ts')).toBeNull();
  });

  it('ends the worker once it has had nothing to do for a while, and starts a new one for the next block', async () => {
    vi.useFakeTimers();
    const workers: Array<{ terminated: boolean }> = [];
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        terminated = false;
        constructor() {
          super();
          workers.push(this);
        }
        postMessage({ id, code }: { id: number; code: string }) {
          replyLater(this, id, code, 5);
        }
        terminate() {
          this.terminated = true;
        }
      },
    );
    try {
      vi.resetModules();
      const { highlightTokens, highlighterIdleMs } = await import('./code-highlight');
      const first = highlightTokens('a = 1', 'python');
      await vi.advanceTimersByTimeAsync(5);
      expect(await first).toEqual([{ type: 'text', value: 'a = 1' }]);
      // Work that comes before the idle time is up keeps the same worker.
      await vi.advanceTimersByTimeAsync(highlighterIdleMs - 1000);
      const second = highlightTokens('b = 2', 'python');
      await vi.advanceTimersByTimeAsync(5);
      await second;
      await vi.advanceTimersByTimeAsync(highlighterIdleMs - 1000);
      expect(workers).toHaveLength(1);
      expect(workers[0]?.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      expect(workers[0]?.terminated).toBe(true);
      const third = highlightTokens('c = 3', 'python');
      await vi.advanceTimersByTimeAsync(5);
      expect(await third).toEqual([{ type: 'text', value: 'c = 3' }]);
      expect(workers).toHaveLength(2);
      expect(workers[1]?.terminated).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the tokens of recent code only, up to a length of code, the most recently used last to go', async () => {
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        postMessage({ id, code }: { id: number; code: string }) {
          replyLater(this, id, code, 0);
        }
        terminate() {}
      },
    );
    vi.resetModules();
    const { cachedTokens, highlightTokens } = await import('./code-highlight');
    const block = (n: number) => `${String(n).padStart(3, '0')} ${'x'.repeat(16 * 1024)}`;
    await highlightTokens(block(1), 'python');
    await highlightTokens(block(2), 'python');
    await highlightTokens(block(3), 'python');
    // Block 1 seen again (scrolled back to): it is now the most recent.
    expect(cachedTokens(block(1), 'python')).not.toBeNull();
    await highlightTokens(block(4), 'python');
    await highlightTokens(block(5), 'python');
    expect(cachedTokens(block(2), 'python')).toBeNull();
    expect(cachedTokens(block(1), 'python')).not.toBeNull();
    expect(cachedTokens(block(5), 'python')).not.toBeNull();
  });
});
