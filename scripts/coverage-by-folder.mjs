// Prints the unit tests' coverage per folder (lines, statements, functions, branches), from the json-summary that
// `vitest run --coverage` writes: the figures the README quotes, so a folder the tests stopped reaching shows. With a
// floors file (scripts/coverage-floors.json), a folder whose lines fall under its floor fails the run.
import { existsSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';

const summaryFile = process.argv[2] ?? 'coverage/coverage-summary.json';
const floorsFile = process.argv[3] ?? 'scripts/coverage-floors.json';
const metrics = ['lines', 'statements', 'functions', 'branches'];

/** The folder a file is counted under: src/<layer> (src/features/<feature>), or platform/<area>. */
export function folderOf(file) {
  const parts = file.split(sep === '\\' ? /[\\/]/ : '/');
  const [root, first, second] = parts;
  if (root === 'src' && first === 'features' && parts.length > 3) return `src/features/${second}`;
  if (parts.length > 2) return `${root}/${first}`;
  return root ?? file;
}

export function byFolder(summary, cwd) {
  const folders = new Map();
  for (const [file, figures] of Object.entries(summary)) {
    if (file === 'total') continue;
    const folder = folderOf(relative(cwd, file));
    const sums = folders.get(folder) ?? Object.fromEntries(metrics.map((metric) => [metric, { covered: 0, total: 0 }]));
    for (const metric of metrics) {
      sums[metric].covered += figures[metric].covered;
      sums[metric].total += figures[metric].total;
    }
    folders.set(folder, sums);
  }
  // A folder with nothing to measure (type declarations, the entry's imports) says nothing: left out.
  return [...folders.entries()]
    .filter(([, sums]) => metrics.some((metric) => sums[metric].total > 0))
    .sort(([a], [b]) => a.localeCompare(b));
}

const percent = ({ covered, total }) =>
  total === 0 ? '   –  ' : `${((covered / total) * 100).toFixed(1).padStart(5)}%`;

export function table(rows, total) {
  const width = Math.max(...rows.map(([folder]) => folder.length), 'folder'.length, 'all'.length);
  const line = (name, sums) => `${name.padEnd(width)}  ${metrics.map((metric) => percent(sums[metric])).join('  ')}`;
  return [
    `${'folder'.padEnd(width)}  ${metrics.map((metric) => metric.slice(0, 6).padStart(6)).join('  ')}`,
    ...rows.map(([folder, sums]) => line(folder, sums)),
    line('all', total),
  ].join('\n');
}

/** The folders whose lines fell under their floor, in words. */
export function underFloors(rows, floors) {
  return rows.flatMap(([folder, sums]) => {
    const floor = floors[folder];
    if (floor === undefined || sums.lines.total === 0) return [];
    const pct = (sums.lines.covered / sums.lines.total) * 100;
    return pct < floor ? [`${folder}: ${pct.toFixed(1)} % of lines, under its floor of ${floor} %`] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  const rows = byFolder(summary, process.cwd());
  console.log(`\nUnit test coverage per folder (${summaryFile}):\n`);
  console.log(table(rows, summary.total));
  if (existsSync(floorsFile)) {
    const dropped = underFloors(rows, JSON.parse(readFileSync(floorsFile, 'utf8')).lines ?? {});
    if (dropped.length > 0) {
      console.error(`\nCoverage fell (floors in ${floorsFile}):\n${dropped.map((line) => `  ${line}`).join('\n')}`);
      process.exitCode = 1;
    }
  }
}
