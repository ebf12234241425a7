// Who styles what: every class is styled in one CSS file, so a screen's look is read in one place and no two files
// fight over an element by load order. A rule belongs to the first class its selector names (`.runs-table .chip`
// is the runs table's rule: a feature may adjust a primitive inside itself; `.chip` alone is the chip's). Also keeps
// src/app/styles.css to tokens, base and primitives: at most 300 lines. Run by `npm run lint`; exits 1 on a breach,
// naming each. Usage: node scripts/check-styles.mjs [root, default src]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'src');
const globalSheet = join(root, 'app/styles.css');
const globalSheetLines = 300;

function walk(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** The selector lists of a style sheet's rules (at-rule preludes left out, their blocks still read). */
function selectorLists(css) {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/'[^']*'|"[^"]*"/g, "''");
  const lists = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '{') {
      const prelude = text.slice(start, index).trim();
      if (prelude && !prelude.startsWith('@')) lists.push(prelude);
      start = index + 1;
    } else if (char === '}' || char === ';') start = index + 1;
  }
  return lists;
}

/** A selector list split at its own commas, not those inside :is(…), :not(…) or […]. */
function selectors(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim());
}

const owners = new Map();
const sheets = walk(root).filter((file) => file.endsWith('.css'));
for (const sheet of sheets)
  for (const list of selectorLists(readFileSync(sheet, 'utf8')))
    for (const selector of selectors(list)) {
      const owner = /\.(-?[_a-zA-Z][\w-]*)/.exec(selector)?.[1];
      if (owner === undefined) continue;
      if (!owners.has(owner)) owners.set(owner, new Set());
      owners.get(owner).add(sheet);
    }

const show = (file) => relative(process.cwd(), file);
const shared = [...owners].filter(([, files]) => files.size > 1);
for (const [name, files] of shared)
  console.error(
    `.${name} is styled in ${files.size} files (keep a class's rules in one): ${[...files].map(show).join(', ')}`,
  );
const lines = existsSync(globalSheet) ? readFileSync(globalSheet, 'utf8').trimEnd().split('\n').length : 0;
if (lines > globalSheetLines)
  console.error(
    `${show(globalSheet)} has ${lines} lines, more than ${globalSheetLines}: it holds tokens, base and primitives; ` +
      'a screen’s rules go in a CSS file beside its component.',
  );
if (shared.length || lines > globalSheetLines) process.exit(1);
console.log(
  `Styles kept: ${owners.size} classes in ${sheets.length} files, each styled in one; styles.css ${lines} lines.`,
);
