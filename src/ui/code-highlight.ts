// Syntax highlighting with Shiki's fine-grained core: the highlighter, each grammar and both themes are
// loaded on first use, so none of it is in the bundle until an answer shows code. The JavaScript regex
// engine is used because the console's CSP has no 'wasm-unsafe-eval' for Oniguruma's WebAssembly.
import type { HighlighterCore, LanguageInput } from 'shiki/core';
import type { Element, ElementContent, Root } from 'hast';

const grammars: Record<string, () => LanguageInput> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
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
      engine: engine.createJavaScriptRegexEngine({ forgiving: true }),
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
    const root = core.codeToHast(code, { lang: grammar, themes, defaultColor: false });
    const tokens = codeChildren(root);
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, tokens);
    return tokens;
  } catch {
    return null;
  }
}
