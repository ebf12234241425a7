// Syntax highlighting with Shiki's fine-grained core: the highlighter, each grammar and both themes are
// loaded on first use, so none of it is in the bundle until an answer shows code. The JavaScript engine is
// used because the console's CSP has no 'wasm-unsafe-eval' for Oniguruma's WebAssembly, with grammars whose
// patterns are already JavaScript regular expressions (precompiled): converting them in the page took about
// 200 ms per grammar on first use, one long task at the end of an answer.
import type { HighlighterCore, LanguageInput } from 'shiki/core';
import type { Element, ElementContent, Root } from 'hast';
import { createSliceQueue } from '@/lib/slice-queue';

const grammars: Record<string, () => LanguageInput> = {
  typescript: () => import('@shikijs/langs-precompiled/typescript'),
  tsx: () => import('@shikijs/langs-precompiled/tsx'),
  javascript: () => import('@shikijs/langs-precompiled/javascript'),
  jsx: () => import('@shikijs/langs-precompiled/jsx'),
  json: () => import('@shikijs/langs-precompiled/json'),
  python: () => import('@shikijs/langs-precompiled/python'),
  shellscript: () => import('@shikijs/langs-precompiled/shellscript'),
  yaml: () => import('@shikijs/langs-precompiled/yaml'),
  sql: () => import('@shikijs/langs-precompiled/sql'),
  html: () => import('@shikijs/langs-precompiled/html'),
  css: () => import('@shikijs/langs-precompiled/css'),
  markdown: () => import('@shikijs/langs-precompiled/markdown'),
  diff: () => import('@shikijs/langs-precompiled/diff'),
};

const aliases: Record<string, string> = {
  ts: 'typescript', js: 'javascript', mjs: 'javascript', cjs: 'javascript', py: 'python', bash: 'shellscript',
  sh: 'shellscript', shell: 'shellscript', zsh: 'shellscript', console: 'shellscript', yml: 'yaml', md: 'markdown',
  patch: 'diff', htm: 'html',
};

/** The grammar name for a fence's info word, or null when it is not one of the languages offered. */
export function grammarFor(language: string | undefined): string | null {
  const word = language?.trim().toLowerCase() ?? '';
  const name = aliases[word] ?? word;
  return name in grammars ? name : null;
}

/** Longer code stays plain: tokenising it on the main thread would freeze the page. */
export const maxHighlightedLength = 20_000;

let highlighter: Promise<HighlighterCore> | null = null;
const grammarLoads = new Map<string, Promise<void>>();

// These two keep every token at 4.5:1 or more against the code background (--bg-soft) of their theme;
// github-light's red keywords and github-dark's grey comments fall under it (axe: color-contrast).
function loadHighlighter(): Promise<HighlighterCore> {
  highlighter ??= Promise.all([import('shiki/core'), import('shiki/engine/javascript')]).then(([core, engine]) =>
    core.createHighlighterCore({
      themes: [import('shiki/themes/github-light-high-contrast.mjs'), import('shiki/themes/github-dark-default.mjs')],
      langs: [],
      engine: engine.createJavaScriptRawEngine(),
    }),
  );
  return highlighter;
}

async function loadGrammar(core: HighlighterCore, name: string): Promise<void> {
  let load = grammarLoads.get(name);
  if (!load) {
    const grammar = grammars[name];
    load = grammar ? core.loadLanguage(grammar()) : Promise.resolve();
    grammarLoads.set(name, load);
  }
  await load;
}

// Tokenising is done one block at a time, in slices of the main thread: a finished answer with a hundred code
// blocks in sight of each other would otherwise hold it for a second.
const slices = createSliceQueue(8);

const cache = new Map<string, ElementContent[]>();
const cacheSize = 100;
const cacheKey = (code: string, grammar: string) => `${grammar}\n${code}`;

/** Tokens already highlighted for this code, so a block mounted again (scrolled back) shows them at once. */
export function cachedTokens(code: string, language: string | undefined): ElementContent[] | null {
  const grammar = grammarFor(language);
  return grammar ? (cache.get(cacheKey(code, grammar)) ?? null) : null;
}

function codeChildren(root: Root): ElementContent[] {
  const pre = root.children.find((child): child is Element => child.type === 'element');
  const code = pre?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  return code?.children ?? [];
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
  try {
    const core = await loadHighlighter();
    await loadGrammar(core, grammar);
    const themes = { light: 'github-light-high-contrast', dark: 'github-dark-default' };
    const root = await slices.run(() => core.codeToHast(code, { lang: grammar, themes, defaultColor: false }));
    const tokens = codeChildren(root);
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, tokens);
    return tokens;
  } catch {
    return null;
  }
}
