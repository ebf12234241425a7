// Shiki's fine-grained core, used where code is tokenised: in the highlighter worker (./code-highlight.worker.ts),
// or on the main thread when no worker can be started. The highlighter, each grammar and both themes load on
// first use. The JavaScript engine is used because the console's CSP has no 'wasm-unsafe-eval' for Oniguruma's
// WebAssembly, with grammars whose patterns are already JavaScript regular expressions (precompiled).
import type { HighlighterCore, LanguageInput } from 'shiki/core';
import type { Element, ElementContent, Root } from 'hast';

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
  ts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  bash: 'shellscript',
  sh: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellscript',
  yml: 'yaml',
  md: 'markdown',
  patch: 'diff',
  htm: 'html',
};

/** The grammar name for a fence's info word, or null when it is not one of the languages offered. */
export function grammarFor(language: string | undefined): string | null {
  const word = language?.trim().toLowerCase() ?? '';
  const name = aliases[word] ?? word;
  return name in grammars ? name : null;
}

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

function loadGrammar(core: HighlighterCore, name: string): Promise<void> {
  let load = grammarLoads.get(name);
  if (!load) {
    const grammar = grammars[name];
    load = grammar ? core.loadLanguage(grammar()) : Promise.reject(new Error(`No grammar ${name}`));
    grammarLoads.set(name, load);
  }
  return load;
}

function codeChildren(root: Root): ElementContent[] {
  const pre = root.children.find((child): child is Element => child.type === 'element');
  const code = pre?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  return code?.children ?? [];
}

/** Loads what tokenising `grammar` needs, and gives back the function that does it (synchronous: one job). */
export async function tokenizerFor(grammar: string): Promise<(code: string) => ElementContent[]> {
  const core = await loadHighlighter();
  await loadGrammar(core, grammar);
  const themes = { light: 'github-light-high-contrast', dark: 'github-dark-default' };
  return (code) => codeChildren(core.codeToHast(code, { lang: grammar, themes, defaultColor: false }));
}
