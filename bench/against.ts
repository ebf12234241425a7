// npm run bench:against -- <commit> [--repeat N]: "no speed lost" judged in one run on one machine. Builds this
// checkout's console and the console of <commit> (checked out in a git worktree that borrows this checkout's
// node_modules), serves both beside one local platform, and streams the bench's 200 KB answer in each, the two
// interleaved (N times each, 5 by default), then writes the rows of that answer for both, each row's median and
// spread, and whether this code is worse: bench/results/against-<commit>-<timestamp>.md and .json.
import { chromium, type Browser } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compare, comparedRows, comparisonTable, type Streamed } from './lib/against-report';
import { windowsFor } from './lib/measures/stream-measure';
import { stopAll } from './lib/processes';
import { repeatsOf } from './lib/repeat';
import { consoleSide, streamOne } from './lib/scenarios';
import {
  chromiumArgs,
  chromiumPath,
  pointAtPlatform,
  ports,
  root,
  startPlatform,
  startPreview,
  vite,
} from './lib/serve';
import { fullSettings, streamQuestion } from './lib/settings';

const ref = process.argv.slice(2).find((arg, at, args) => !arg.startsWith('--') && args[at - 1] !== '--repeat');
if (!ref) {
  console.error('usage: npm run bench:against -- <commit> [--repeat N]');
  process.exit(2);
}
// At least three runs a side: with fewer, the other code's worst run is one noisy sample.
const repeats = process.argv.includes('--repeat') ? Math.max(3, repeatsOf(process.argv)) : 5;
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const refName = git('rev-parse', '--short', ref);
const headName = `this checkout (${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ', changed' : ''})`;
const dist = join(root, 'bench/dist');
const [headApp, refApp, refSource] = [join(dist, 'app'), join(dist, 'against-app'), join(dist, 'against-source')];
const log = (message: string) => console.log(`[against ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** The other commit's checkout and build gone, whatever state a run before left them in. */
function removeRef(): void {
  try {
    if (existsSync(refSource)) git('worktree', 'remove', '--force', refSource);
  } catch {
    // not (or no longer) a worktree git knows: the folder goes, and git forgets it
  }
  rmSync(refSource, { recursive: true, force: true });
  git('worktree', 'prune');
  rmSync(refApp, { recursive: true, force: true });
}

function buildBoth(): void {
  log('building this checkout');
  vite(['build', '--outDir', headApp, '--emptyOutDir', '--logLevel', 'warn']);
  pointAtPlatform(headApp);
  log(`building ${refName}`);
  removeRef();
  git('worktree', 'add', '--detach', refSource, refName);
  symlinkSync(join(root, 'node_modules'), join(refSource, 'node_modules'), 'dir');
  vite(['build', '--outDir', refApp, '--emptyOutDir', '--logLevel', 'warn'], refSource);
  pointAtPlatform(refApp);
}

let browser: Browser | undefined;
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await browser?.close().catch(() => undefined);
  await stopAll();
  removeRef();
}
// The servers run in process groups of their own, so Ctrl-C does not reach them: they are stopped here.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => void stop().finally(() => process.exit(code)));
}

try {
  buildBoth();
  const refPort = ports.console + 1;
  await startPlatform([ports.console, refPort]);
  const [headUrl, refUrl] = [
    await startPreview('preview', headApp, ports.console),
    await startPreview('preview-ref', refApp, refPort),
  ];
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const head = consoleSide(browser, headName, headUrl);
  const other = consoleSide(browser, refName, refUrl);
  const { stream } = fullSettings;
  const windows = windowsFor(stream.windowsKb, stream.windowWidthKb, stream.sizeKb * 1024, 2 * stream.every);
  const results = new Map<string, Streamed[]>([
    [head.name, []],
    [other.name, []],
  ]);
  for (let run = 1; run <= repeats; run += 1) {
    // Which goes first alternates: a machine that slows down over the run does not favour one side.
    for (const side of run % 2 === 1 ? [head, other] : [other, head]) {
      log(`run ${run} of ${repeats}: ${side.name}`);
      results.get(side.name)?.push(await streamOne(side, streamQuestion(stream), windows, 180_000));
    }
  }
  const rows = compare(comparedRows(stream.windowsKb), results.get(head.name) ?? [], results.get(other.name) ?? []);
  const table = comparisonTable(rows, headName, refName);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const resultsDir = join(root, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const heading =
    `# This code against ${refName}, ${new Date().toISOString()}\n\nChromium ${browser.version()}, ${process.platform}; ` +
    `one answer of ${stream.sizeKb} KB at ${stream.rate} tokens/s (${stream.wire.toUpperCase()}), the pointer resting ` +
    `on it, in each console, interleaved, ${repeats} times each; each cell is the median and (the spread). A row is ` +
    `worse when this code's median is beyond the worst run of ${refName}.\n\n`;
  const file = join(resultsDir, `against-${refName}-${stamp}`);
  writeFileSync(`${file}.md`, `${heading}${table}\n`);
  writeFileSync(`${file}.json`, `${JSON.stringify({ ref: refName, head: headName, repeats, rows }, null, 2)}\n`);
  console.log(`\n${table}\n\nWritten to ${file}.md`);
} catch (error) {
  console.error('bench:against failed:', error);
  process.exitCode = 1;
} finally {
  await stop();
}
