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

/**
 * A worker left without work this long is ended: its grammars and their compiled expressions hold megabytes that
 * a person reading (not asking) does not need. The next code block to highlight starts a new one.
 */
export const highlighterIdleMs = 30_000;

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
  let idle: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    worker.terminate();
    if (tokenize === workerTokenize) tokenize = null;
  };
  worker.addEventListener('message', (event: MessageEvent<HighlightReply>) => {
    const request = pending.get(event.data.id);
    pending.delete(event.data.id);
    request?.resolve(event.data.tokens);
    if (pending.size === 0) idle = setTimeout(release, highlighterIdleMs);
  });
  // The worker catches its own failures, so an error here means it could not run at all.
  worker.addEventListener('error', () => {
    clearTimeout(idle);
    worker.terminate();
    tokenize = tokenizeHere;
    for (const request of pending.values()) void tokenizeHere(request.code, request.grammar).then(request.resolve);
    pending.clear();
  });
  const workerTokenize: Tokenize = (code, grammar) =>
    new Promise((resolve) => {
      clearTimeout(idle);
      const id = nextId++;
      pending.set(id, { code, grammar, resolve });
      const request: HighlightRequest = { id, code, grammar };
      worker.postMessage(request);
    });
  return workerTokenize;
}

let tokenize: Tokenize | null = null;

// Tokens of code blocks highlighted lately, for blocks mounted again (an answer scrolled back to). Bounded by the
// code's length, not by a count: a few long blocks' tokens would otherwise hold tens of megabytes for answers
// long out of sight.
const cache = new Map<string, ElementContent[]>();
const cachedCodeLength = 64 * 1024;
let cachedLength = 0;
const cacheKey = (code: string, grammar: string) => `${grammar}\n${code}`;
/** Highlighting under way, by cache key: a block asking for code already asked for waits for that answer. */
const inFlight = new Map<string, Promise<ElementContent[] | null>>();

function remember(key: string, tokens: ElementContent[]): void {
  if (cache.delete(key)) cachedLength -= key.length;
  cache.set(key, tokens);
  cachedLength += key.length;
  for (const oldest of cache.keys()) {
    if (cachedLength <= cachedCodeLength || oldest === key) break;
    cache.delete(oldest);
    cachedLength -= oldest.length;
  }
}

/** The tokens cached for `key`, now the most recently used. */
function recall(key: string): ElementContent[] | null {
  const tokens = cache.get(key);
  if (!tokens) return null;
  cache.delete(key);
  cache.set(key, tokens);
  return tokens;
}

/** Tokens already highlighted for this code, so a block mounted again (scrolled back) shows them at once. */
export function cachedTokens(code: string, language: string | undefined): ElementContent[] | null {
  const grammar = grammarFor(language);
  return grammar ? recall(cacheKey(code, grammar)) : null;
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
  const cached = recall(key);
  if (cached) return cached;
  // The worker is asked once per code: a block mounted again while a grammar loaded asked it up to three times.
  const running = inFlight.get(key);
  if (running) return running;
  tokenize ??= workerTokenizer() ?? tokenizeHere;
  const asked = tokenize(code, grammar)
    .then((tokens) => {
      if (tokens) remember(key, tokens);
      return tokens;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, asked);
  return asked;
}
