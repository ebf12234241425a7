// House rules ESLint cannot keep by itself: no import cycles (type-only imports included: a cycle of types is
// still two files that must change together), kebab-case file names, and folders of at most 20 files (a folder
// past that holds two things: group its files by what they are). Run by `npm run lint`; exits 1 on a breach,
// naming each. Usage: node scripts/check-house.mjs [root]: without a root, src/ for cycles and names, and src/,
// platform/, scripts/ and bench/ for folder sizes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'src');
const maxFilesPerFolder = 20;
// tests/e2e is not counted: it is the e2e suite, one spec per journey, not source that is read by folder.
// Nor are bench/results (the measurements the browser bench writes, one pair per run) and build output.
const sized = process.argv[2] ? [root] : ['src', 'platform', 'scripts', 'bench'].map((folder) => resolve(folder));
const notSource = new Set(['node_modules', 'dist', resolve('bench/results')]);
// Being regrouped on their own branch (issue #33): each is named here until it is down to 20, and the check fails
// once it is, so the entry is dropped rather than forgotten.
const regrouping = new Set(
  ['src/features/chat/runtime', 'src/features/workflows/run'].map((folder) => resolve(folder)),
);
const sourceFile = /\.(ts|tsx|mts|js|mjs)$/;
const testFile = /\.(test|bench)\.(ts|tsx)$|\.node\.test\.ts$/;
const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*\.(ts|tsx|mts|js|mjs|css)$/;

function walk(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const files = walk(root);
const sources = files.filter((file) => sourceFile.test(file) && !testFile.test(file) && !file.endsWith('.d.ts'));
const known = new Set(sources);

/** The source file an import names, or null for a package or an asset. */
function target(from, specifier) {
  const base = specifier.startsWith('@/')
    ? join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (base === null) return null;
  const stripped = base.replace(/\.js$/, '');
  for (const candidate of [
    stripped,
    `${stripped}.ts`,
    `${stripped}.tsx`,
    join(stripped, 'index.ts'),
    join(stripped, 'index.tsx'),
  ]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const edges = new Map();
for (const file of sources) {
  const text = readFileSync(file, 'utf8');
  const next = new Set();
  for (const match of text.matchAll(importPattern)) {
    const found = target(file, match[1] ?? match[2] ?? match[3] ?? '');
    if (found && found !== file) next.add(found);
  }
  edges.set(file, [...next]);
}

// Tarjan's strongly connected components: each with more than one file is a cycle.
let counter = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(file) {
  order.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), order.get(next)));
  }
  if (low.get(file) !== order.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1) cycles.push(component);
}
for (const file of sources) if (!order.has(file)) visit(file);

const badNames = files.filter(
  (file) => statSync(file).isFile() && /\.(ts|tsx|mts|js|mjs|css)$/.test(file) && !kebab.test(file.split('/').at(-1)),
);
const show = (file) => relative(process.cwd(), file);

function crowded(folder) {
  const entries = readdirSync(folder, { withFileTypes: true });
  const own = entries.filter((entry) => entry.isFile()).length;
  const inner = entries
    .filter((entry) => entry.isDirectory() && !notSource.has(entry.name) && !notSource.has(join(folder, entry.name)))
    .flatMap((entry) => crowded(join(folder, entry.name)));
  return own > maxFilesPerFolder ? [{ folder, own }, ...inner] : inner;
}
const found = sized.flatMap(crowded);
const crowdedFolders = found.filter(({ folder }) => !regrouping.has(folder));
const regrouped = process.argv[2]
  ? []
  : [...regrouping].filter((folder) => !found.some((entry) => entry.folder === folder));
for (const cycle of cycles) {
  const inCycle = new Set(cycle);
  const ties = cycle.flatMap((file) =>
    (edges.get(file) ?? []).filter((next) => inCycle.has(next)).map((next) => `${show(file)} -> ${show(next)}`),
  );
  console.error(
    `Import cycle of ${cycle.length} files (move what both need to a file of its own):\n  ${ties.join('\n  ')}`,
  );
}
for (const file of badNames) console.error(`File name not in kebab-case: ${show(file)}`);
for (const { folder, own } of crowdedFolders) {
  console.error(
    `Folder of ${own} files, more than ${maxFilesPerFolder} (group them into subfolders by what they are): ${show(folder) || '.'}`,
  );
}
for (const folder of regrouped) {
  console.error(
    `Folder regrouped to ${maxFilesPerFolder} files or fewer: drop it from \`regrouping\`: ${show(folder)}`,
  );
}
if (cycles.length || badNames.length || crowdedFolders.length || regrouped.length) process.exit(1);
console.log(
  `House rules kept: ${sources.length} files, no import cycle, every name in kebab-case, no folder over ${maxFilesPerFolder} files.`,
);
