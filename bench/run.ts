// npm run bench:browser [-- --smoke] [-- --repeat N]: builds the console and the baseline page, starts the local platform
// (:8280) and vite preview (:4280) on ports of their own, drives Debian's Chromium through every measure for
// the console and for the baseline, and writes the table to bench/results/. The smoke run (npm test) uses
// tiny sizes and fails only when a metric could not be produced; with --reuse-dist it copies the dist/ that
// `npm run test:e2e` has just built instead of building the console again. With --repeat N every scenario runs N times
// (ours and the baseline interleaved in each run) and the table shows each row's median, targets judged on it.
import { chromium, type Browser } from '@playwright/test';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initialJsGzipKb } from './lib/measures/js-size';
import { bootTimes, type BootTimes } from './lib/measures/boot-measures';
import { batchesMetrics, bootMetrics, metricsOf, screenJsMetrics, type SideResults } from './lib/metrics';
import { builtChartJs, builtScreensJs, type ScreenJs } from './lib/measures/screen-js';
import { stopAll } from './lib/processes';
import {
  chromiumArgs,
  chromiumPath,
  platformOrigin,
  pointAtPlatform,
  ports,
  root,
  startPlatform,
  startPreview,
  vite,
} from './lib/serve';
import { markdownTable, met, missedTargets, missing } from './lib/report';
import {
  batchesPage,
  expandAll,
  longConversation,
  manyAnswers,
  consoleSide,
  sides,
  streamOne,
  updatesWhileStreaming,
  type Endpoints,
  type Side,
} from './lib/scenarios';
import { chunkedQuestion, fullSettings, smokeSettings, streamQuestion, type BenchSettings } from './lib/settings';
import { windowsFor } from './lib/measures/stream-measure';
import { whyMissed } from './lib/why';
import { medianOfRuns, repeatsOf } from './lib/repeat';
import { traceLoad, traceStream } from './lib/traced';
import { chatJsSection, traceSection, type RunTraces } from './lib/trace-report';

const appDir = join(root, 'bench/dist/app');
const resultsDir = join(root, 'bench/results');
const consoleUrl = `http://localhost:${ports.console}`;

const settings: BenchSettings = process.argv.includes('--smoke') ? smokeSettings : fullSettings;
const repeats = repeatsOf(process.argv);
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

function build(): void {
  const built = join(root, 'dist');
  const reuse = process.argv.includes('--reuse-dist') && existsSync(join(built, 'index.html'));
  if (reuse) {
    rmSync(appDir, { recursive: true, force: true });
    cpSync(built, appDir, { recursive: true });
  } else vite(['build', '--outDir', appDir, '--emptyOutDir', '--logLevel', 'warn']);
  vite(['build', '-c', join(root, 'bench/vite.config.ts')]);
  pointAtPlatform(appDir);
}

async function startServers(): Promise<void> {
  await startPlatform([ports.console]);
  await startPreview('preview', appDir, ports.console);
}

async function passwordToken(): Promise<string> {
  const response = await fetch(`${platformOrigin}/auth/realms/local/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'sdk-client',
      username: 'analyst',
      password: 'analyst',
      scope: 'openid profile email',
    }),
  });
  if (!response.ok) throw new Error(`password grant failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function measure(side: Side, endpoints: Endpoints, timeoutMs: number): Promise<SideResults> {
  const { stream, many } = settings;
  log(`${side.name}: one ${stream.sizeKb} KB answer at ${stream.rate} tokens/s`);
  const streamed = await streamOne(
    side,
    streamQuestion(stream),
    windowsFor(stream.windowsKb, stream.windowWidthKb, stream.sizeKb * 1024, 2 * stream.every),
    timeoutMs,
  );
  const { chunks, hold, chunked, last } = settings.field;
  log(`${side.name}: a ${chunked.sizeKb} KB answer at ${chunks} chunks/s, each update timed`);
  const chunkedCosts = await updatesWhileStreaming(
    side,
    'chunk-rate',
    chunkedQuestion({ ...chunked, size: chunked.sizeKb * 1024, chunks, hold }),
    timeoutMs,
  );
  log(`${side.name}: the last chunk of a ${last.chars}-character answer`);
  const lastCosts = await updatesWhileStreaming(
    side,
    'last-chunk',
    chunkedQuestion({ ...last, size: last.chars, chunks, hold }),
    timeoutMs,
  );
  log(`${side.name}: ${many.count} answers of ${many.sizeKb} KB`);
  const manyHeapMb = await manyAnswers(side, streamQuestion({ ...many, every: 5000 }), many.count, timeoutMs);
  const conversations = [];
  for (const turns of settings.turns) {
    log(`${side.name}: ${turns} turns`);
    const typing = turns === settings.turns[settings.turns.length - 1] ? settings.typing : null;
    conversations.push({ turns, ...(await longConversation(side, endpoints, turns, typing, timeoutMs)) });
  }
  log(`${side.name}: expand all on ${settings.treeNodes} nodes`);
  const expandAllMs = await expandAll(side, endpoints, settings.treeNodes, timeoutMs);
  const initialJsKb =
    side.name === 'ours'
      ? initialJsGzipKb(appDir, '/').kb
      : initialJsGzipKb(join(appDir, 'bench-baseline'), '/bench-baseline/').kb;
  return {
    stream: streamed,
    field: { chunked: chunkedCosts, last: lastCosts },
    manyHeapMb,
    conversations,
    expandAllMs,
    initialJsKb,
  };
}

function writeResults(
  results: Record<string, SideResults>,
  boot: BootTimes,
  screens: ScreenJs[],
  tableMd: string,
  whyMd: string,
  failed: string[],
  traces: RunTraces,
): string {
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const name = settings.mode === 'smoke' ? 'smoke-latest' : stamp;
  const runsWords =
    repeats > 1
      ? ` Median of ${repeats} runs (ours and the baseline interleaved in each); the last run's raw figures are in the JSON.`
      : '';
  const heading = `# Browser benchmark (${settings.mode}), ${new Date().toISOString()}\n\nChromium ${browserVersion}, ${process.platform}; answer ${settings.stream.sizeKb} KB at ${settings.stream.rate} tokens/s (word tokens, ${settings.stream.wire.toUpperCase()}); ${settings.many.count} answers of ${settings.many.sizeKb} KB at ${settings.many.rate} tokens/s for the heap; long conversations seeded by import (console) or rendered at load (baseline).${runsWords}\n\n`;
  const body = `${heading}${tableMd}\n${failed.length ? `\nNot produced: ${failed.join(', ')}\n` : ''}${whyMd ? `\n${whyMd}\n` : ''}`;
  writeFileSync(join(resultsDir, `${name}.md`), body);
  writeFileSync(
    join(resultsDir, `${name}.json`),
    JSON.stringify({ settings, browser: browserVersion, results, boot, screens, traces }, null, 2),
  );
  if (settings.mode === 'full') copyFileSync(join(resultsDir, `${name}.md`), join(resultsDir, 'latest.md'));
  return join(resultsDir, `${name}.md`);
}

/**
 * The traces under the table (./lib/traced.ts): the long answer's start and its last quarter, the longest conversation;
 * with where the long tasks of the measured runs of the long answer fell (`measured`).
 */
async function runTraces(side: Side, measured: RunTraces['measured'], timeoutMs: number): Promise<RunTraces> {
  const { stream, turns } = settings;
  const startKb = Math.round(stream.sizeKb * 0.1);
  const fromKb = Math.round(stream.sizeKb * 0.75);
  // A trace explains and measures nothing: one that fails is left out (the section says so), and the run goes on.
  const attempt = <T>(what: string, work: () => Promise<T>): Promise<T | null> =>
    work().catch((error: unknown) => {
      log(`${what} not traced: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
  log('ours: the long answer and a cold load of the longest conversation, traced');
  const streamed = await attempt('the long answer', () =>
    traceStream(side, streamQuestion(stream), { startKb, fromKb }, timeoutMs),
  );
  const longest = turns[turns.length - 1];
  return {
    stream: streamed && { startKb, fromKb, ...streamed },
    load:
      longest === undefined
        ? null
        : { turns: longest, breakdown: await attempt('the cold load', () => traceLoad(side, longest, timeoutMs)) },
    measured,
  };
}

let browser: Browser | undefined;
let browserVersion = '';
let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await browser?.close().catch(() => undefined);
    await stopAll();
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));
// The whole run's time is per repeat: five runs of the full bench take about 32 minutes.
const runTimeoutMs = settings.timeoutMs * repeats;
const deadline = setTimeout(() => {
  console.error(`bench: not done within ${runTimeoutMs / 1000} s; stopping.`);
  void shutdown(1);
}, runTimeoutMs);

try {
  log(`${settings.mode} run: building`);
  build();
  await startServers();
  const endpoints: Endpoints = {
    consoleUrl,
    baselineUrl: `${consoleUrl}/bench-baseline/index.html`,
    token: await passwordToken(),
  };
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  browserVersion = browser.version();
  const stepTimeout = settings.mode === 'smoke' ? 30_000 : 180_000;
  const screens = builtScreensJs(appDir);
  const chart = builtChartJs(appDir);
  const runs: { results: Record<string, SideResults>; boot: BootTimes; metrics: ReturnType<typeof metricsOf> }[] = [];
  for (let run = 1; run <= repeats; run += 1) {
    if (repeats > 1) log(`run ${run} of ${repeats}`);
    const results: Record<string, SideResults> = {};
    const both = sides(browser, endpoints);
    for (const side of both) results[side.name] = await measure(side, endpoints, stepTimeout);
    const ours = results['ours'];
    const baseline = results['baseline'];
    if (!ours || !baseline) throw new Error('a side was not measured');
    log('ours: sign-in and reloads');
    const boot = await bootTimes(browser, consoleUrl, settings.reloads, stepTimeout);
    const oursSide = both.find((side) => side.name === 'ours');
    if (!oursSide) throw new Error('no console side');
    log(`ours: batches page with ${settings.batches.count} batches of ${settings.batches.rows} rows`);
    const batches = await batchesPage(oursSide, endpoints, settings.batches, stepTimeout);
    const metrics = [
      ...metricsOf(settings, ours, baseline),
      ...bootMetrics(boot),
      ...screenJsMetrics(screens),
      ...batchesMetrics(settings, batches, chart),
    ];
    runs.push({ results, boot, metrics });
  }
  const { results, boot } = runs[runs.length - 1] ?? { results: {}, boot: undefined };
  if (!boot) throw new Error('no run was measured');
  const traces = await runTraces(
    consoleSide(browser, 'ours', consoleUrl),
    runs.map((run) => run.results['ours']?.stream.longTaskAt ?? []),
    stepTimeout,
  );
  const metrics = medianOfRuns(runs.map((run) => run.metrics));
  const table = markdownTable(metrics);
  const failed = missing(metrics);
  // Smoke sizes say nothing about targets: their misses are not explained.
  const why = settings.mode === 'full' ? missedTargets(metrics, whyMissed) : '';
  const file = writeResults(
    results,
    boot,
    screens,
    table,
    `${why ? `${why}\n\n` : ''}${traceSection(traces)}\n\n${chatJsSection(screens.find((screen) => screen.screen === 'chat')?.chunks ?? [])}`,
    failed,
    traces,
  );
  console.log(`\n${table}\n\nWritten to ${file}`);
  const targets = metrics.filter((metric) => metric.target);
  log(
    `targets met: ${targets.filter((metric) => met(metric)).length} of ${targets.length}${settings.mode === 'smoke' ? ' (smoke sizes: not a benchmark)' : ''}`,
  );
  if (failed.length) {
    console.error(`bench: these metrics were not produced: ${failed.join(', ')}`);
    await shutdown(1);
  }
  clearTimeout(deadline);
  await shutdown(0);
} catch (error) {
  console.error('bench failed:', error);
  await shutdown(1);
}
