import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleState } from './module-state';

// Everything a signed-in person has lives in their console services (src/app/console-services.ts) and goes with
// them. What may still live at module level is app-wide by nature, each with the reason here. A new entry needs one.
const allowed: Record<string, string> = {
  'src/lib/theme.ts useThemeStore': 'the theme is the page’s, chosen before anyone signs in',
  'src/lib/storage/storage-health.ts useStorageHealth': 'how full this browser’s storage is, whoever is signed in',
  'src/features/auth/session-store.ts useSessionStore': 'who is signed in: it decides whose services to build',
  'src/app/configured-app.tsx services':
    'the sign-in manager and query cache of the page load (two managers would renew one refresh token twice)',
  'src/api/config-request.ts early': 'config.json, asked for while the entry script still loads',
  'src/lib/storage/db.ts shared': 'the one handle to this origin’s database; records are kept apart by owner',
  'src/lib/storage/web-storage.ts shared':
    'the page’s two web-storage areas, with what the browser refused held in memory; keys carry their owner and Sign out removes a person’s',
  'src/ui/markdown/code-highlight.ts tokenize': 'the highlighter worker, shared by every code block of the page',
  'src/ui/markdown/code-highlight.ts cache': 'highlighted code, the same whoever reads it',
  'src/ui/markdown/code-highlight.ts cachedLength': 'the length of the code that cache holds, its bound',
  'src/ui/markdown/code-highlight.ts inFlight': 'the code being highlighted now, the same whoever reads it',
  'src/ui/markdown/markdown-hast.ts processors': 'each rendered text’s markdown processor, weakly held by its options',
  'src/ui/markdown/code-tokenizer.ts highlighter': 'the highlighter, loaded once',
  'src/ui/markdown/code-tokenizer.ts grammarLoads': 'grammars being loaded into the one highlighter',
  'src/ui/markdown/code-highlight.worker.ts queue': 'the order of work inside the highlighter worker',
  'src/ui/hooks/use-near-viewport.ts observers':
    'one IntersectionObserver per scrolling box (one per element is slow), weakly held by the box',
  'src/ui/hooks/use-near-viewport.ts pageObserver': 'the one IntersectionObserver for elements the page itself scrolls',
  'src/ui/hooks/use-near-viewport.ts waiting': 'the elements that one observer watches',
  'src/ui/shortcuts/shortcuts-registry.ts pageRegistry': 'the page’s keyboard shortcuts',
  'src/domain/thoughts/thought-tree.ts indexes': 'each thought tree’s index, computed once, weakly held by the tree',
  'src/features/inspector/chunk-timeline.tsx summaries': 'each logged chunk’s summary, computed once, weakly held',
  'src/features/auth/auth-provider.tsx started': 'each sign-in manager’s start, weakly held (StrictMode mounts twice)',
};

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('module-level state', () => {
  it('is found: let, zustand stores, Maps and Sets at the top of a module, not inside functions', () => {
    const text = [
      'let count = 0;',
      'export const useThings = create<Things>()((set) => ({}));',
      'const store = createStore(() => ({}));',
      'const seen = new Map<string, number>();',
      'const known: ReadonlySet<string> = new Set(["a"]);',
      'export const createThings = () => create(() => ({}));',
      'function f() { let inside = 1; const m = new Map(); return inside + m.size; }',
    ].join('\n');
    expect(moduleState('x.ts', text)).toEqual([
      { name: 'count', kind: 'let' },
      { name: 'useThings', kind: 'store' },
      { name: 'store', kind: 'store' },
      { name: 'seen', kind: 'collection' },
    ]);
  });

  it('in src/ is only what is documented as app-wide', () => {
    const root = process.cwd();
    const found = sources(join(root, 'src')).flatMap((path) =>
      moduleState(path, readFileSync(path, 'utf8')).map(({ name }) => `${relative(root, path)} ${name}`),
    );
    expect(found.filter((entry) => !(entry in allowed))).toEqual([]);
    // An entry whose state has gone comes off the list, so the list stays the truth.
    expect(Object.keys(allowed).filter((entry) => !found.includes(entry))).toEqual([]);
  });
});
