// Syntax highlighting for finished answers' code blocks. Tokens are made in a worker of their own: the first
// use of a grammar compiles its regular expressions, hundreds of milliseconds of one task, which would freeze
// the page at the end of an answer. Where no worker can start (a CSP without workers, an old deploy's chunk
// gone), the same tokeniser runs here, one block at a time in short slices of the main thread.
import type { ElementContent } from 'hast';
import { createSliceQueue } from '@/lib/slice-queue';
import type { HighlightReply, HighlightRequest } from './code-highlight-protocol';
import { grammarFor, tokenizerFor } from './code-tokenizer';

export { grammarFor };

/** Longer code stays plain: its tokens would cost more time and memory than the colours are worth. */
export const maxHighlightedLength = 20_000;

type Tokenize = (code: string, grammar: string) => Promise<ElementContent[] | null>;

const slices = createSliceQueue(8);

const tokenizeHere: Tokenize = async (code, grammar) => {
  try {
    const tokenize = await tokenizerFor(grammar);
    return await slices.run(() => tokenize(code));
  } catch {
    return null;
  }
};

interface Pending {
  code: string;
  grammar: string;
  resolve: (tokens: ElementContent[] | null) => void;
}

/** A tokeniser backed by the worker; it hands whatever is pending to `tokenizeHere` if the worker fails to start. */
function workerTokenizer(): Tokenize | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./code-highlight.worker.ts', import.meta.url), {
      type: 'module',
      name: 'highlighter',
    });
  } catch {
    return null;
  }
  const pending = new Map<number, Pending>();
  let nextId = 1;
  worker.addEventListener('message', (event: MessageEvent<HighlightReply>) => {
    const request = pending.get(event.data.id);
    pending.delete(event.data.id);
    request?.resolve(event.data.tokens);
  });
  // The worker catches its own failures, so an error here means it could not run at all.
  worker.addEventListener('error', () => {
    worker.terminate();
    tokenize = tokenizeHere;
    for (const request of pending.values()) void tokenizeHere(request.code, request.grammar).then(request.resolve);
    pending.clear();
  });
  return (code, grammar) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, { code, grammar, resolve });
      const request: HighlightRequest = { id, code, grammar };
      worker.postMessage(request);
    });
}

let tokenize: Tokenize | null = null;

const cache = new Map<string, ElementContent[]>();
const cacheSize = 100;
const cacheKey = (code: string, grammar: string) => `${grammar}\n${code}`;

/** Tokens already highlighted for this code, so a block mounted again (scrolled back) shows them at once. */
export function cachedTokens(code: string, language: string | undefined): ElementContent[] | null {
  const grammar = grammarFor(language);
  return grammar ? (cache.get(cacheKey(code, grammar)) ?? null) : null;
}

/**
 * The lines of `code` as hast, each token a span whose colours are CSS variables for the light and the dark
 * theme (`--shiki-light`, `--shiki-dark`); the stylesheet picks one. Null for a language not offered, code too
 * long, or a failure to load: the block then stays plain.
 */
export async function highlightTokens(code: string, language: string | undefined): Promise<ElementContent[] | null> {
  const grammar = grammarFor(language);
  if (!grammar || code.length > maxHighlightedLength) return null;
  const key = cacheKey(code, grammar);
  const cached = cache.get(key);
  if (cached) return cached;
  tokenize ??= workerTokenizer() ?? tokenizeHere;
  const tokens = await tokenize(code, grammar);
  if (!tokens) return null;
  if (cache.size >= cacheSize) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, tokens);
  return tokens;
}
