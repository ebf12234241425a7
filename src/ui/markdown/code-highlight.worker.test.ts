import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HighlightReply, HighlightRequest } from './code-highlight-protocol';

/** Loads the worker module against a stand-in for its global scope, and asks it as the page would. */
async function startWorker() {
  const scope = new EventTarget();
  const replies: HighlightReply[] = [];
  vi.stubGlobal('self', Object.assign(scope, { postMessage: (reply: HighlightReply) => replies.push(reply) }));
  vi.resetModules();
  await import('./code-highlight.worker');
  const ask = (request: HighlightRequest) => scope.dispatchEvent(new MessageEvent('message', { data: request }));
  return { ask, replies };
}

describe('highlighter worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers each request with its id and the lines as coloured spans, in the order asked', async () => {
    const { ask, replies } = await startWorker();
    ask({ id: 7, code: 'const answer = 42;\nanswer;', grammar: 'typescript' });
    ask({ id: 8, code: 'def f():\n    return 1', grammar: 'python' });
    await vi.waitFor(() => expect(replies).toHaveLength(2), { timeout: 10_000 });
    expect(replies.map((reply) => reply.id)).toEqual([7, 8]);
    const lines = replies[0]?.tokens?.filter((node) => node.type === 'element') ?? [];
    expect(lines).toHaveLength(2);
    const spans = JSON.stringify(lines[0]);
    expect(spans).toContain('"value":"const"');
    expect(spans).toMatch(/--shiki-light:#[0-9a-fA-F]{6}/);
    expect(spans).toMatch(/--shiki-dark:#[0-9a-fA-F]{6}/);
  });

  it('answers null for a grammar it does not have, and goes on with the next request', async () => {
    const { ask, replies } = await startWorker();
    ask({ id: 1, code: '(defun f (x) x)', grammar: 'lisp' });
    ask({ id: 2, code: '{"a": 1}', grammar: 'json' });
    await vi.waitFor(() => expect(replies).toHaveLength(2), { timeout: 10_000 });
    expect(replies[0]).toEqual({ id: 1, tokens: null });
    expect(replies[1]?.tokens?.length).toBe(1);
  });
});
