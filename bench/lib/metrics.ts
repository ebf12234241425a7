// The measured values as table rows, with the targets.
import type { BootTimes } from './measures/boot-measures';
import type { HeapParts, Typing, Usable } from './measures/page-measures';
import type { ChartJs, ScreenJs } from './measures/screen-js';
import type { BatchesTimes } from './measures/batches-measure';
import { atLeast, atMost, atMostTimesBaseline, type Metric, type Target } from './report';
import type { BenchSettings } from './settings';
import type { StreamResult } from './measures/stream-measure';
import type { UpdateCosts } from './measures/update-costs';

export interface SideResults {
  /** The heap's parts (the page's, its workers') where they were read apart. */
  stream: StreamResult & { heapMb: number; heap?: HeapParts };
  /** The figures in the field's shape (see ./measures/update-costs.ts). */
  field: { chunked: UpdateCosts; last: UpdateCosts };
  manyHeapMb: number;
  conversations: { turns: number; usable: Usable; typing: Typing | null }[];
  expandAllMs: number;
  initialJsKb: number;
}

const frameMs = 16.7;

/** A row of the console alone: the baseline page has nothing like it. */
const row = (id: string, label: string, unit: string, ours: number, target?: Target): Metric => ({
  id,
  label,
  unit,
  ours,
  baseline: Number.NaN,
  ...(target ? { target } : {}),
  oursOnly: true,
});

/**
 * The JavaScript each signed-in screen needs (see ./screen-js.ts): the largest chunk, with the target, and
 * the whole of it (the sign-in page's included), for the record.
 */
export function screenJsMetrics(screens: readonly ScreenJs[]): Metric[] {
  return screens.flatMap((screen) => [
    row(
      `js.screenLargest.${screen.screen}`,
      `${screen.screen}: largest JS chunk it needs (gzip)`,
      'KB',
      screen.largestKb,
      atMost(120, 'KB'),
    ),
    row(
      `js.screenTotal.${screen.screen}`,
      `${screen.screen}: all the JS it needs (gzip)`,
      'KB',
      screen.totalKb,
      // The budget is the chat screen's: what loads at once, all else on first use.
      ...(screen.screen === 'chat' ? [atMost(300, 'KB')] : []),
    ),
  ]);
}

/** A workflow's batches page (see ./batches-measure.ts) and the chart's chunk, which no screen may load at once. */
export function batchesMetrics(settings: BenchSettings, times: BatchesTimes, chart: ChartJs): Metric[] {
  const { count, rows } = settings.batches;
  return [
    row(
      'batches.firstOpen',
      `batches page, ${count} batches of ${rows} rows: link → drawn (chart chunk fetched)`,
      'ms',
      times.firstOpenMs,
    ),
    row(
      'batches.open',
      `batches page, ${count} batches of ${rows} rows: link → drawn, after its chunk`,
      'ms',
      times.openMs,
      atMost(300, 'ms'),
    ),
    row('js.chart', 'chart chunk (gzip), fetched by the pages that draw a chart', 'KB', chart.kb),
    row('js.chartInScreens', 'screens whose JS holds the chart chunk', '', chart.inScreens.length, atMost(0, '')),
  ];
}

/** The console's start (see ./boot-measures.ts): the baseline page has no sign-in and nothing saved to reopen. */
export function bootMetrics(boot: BootTimes): Metric[] {
  return [
    row('boot.signInForm', 'sign-in form sent → message box takes input (provider included)', 'ms', boot.signInFormMs),
    row('boot.signIn', 'sign-in callback → message box takes input', 'ms', boot.signInMs, atMost(1000, 'ms')),
    row('boot.reloadText', 'reload of a conversation → its text shows', 'ms', boot.reloadTextMs, atMost(1000, 'ms')),
    row(
      'boot.reloadComposer',
      'reload of a conversation → message box takes input',
      'ms',
      boot.reloadComposerMs,
      atMost(1000, 'ms'),
    ),
    row('boot.jumps', 'moves of the rail and message box after they show', '', boot.jumps, atMost(0, '')),
  ];
}

export function metricsOf(settings: BenchSettings, ours: SideResults, baseline: SideResults): Metric[] {
  const metrics: Metric[] = [];
  const add = (
    id: string,
    label: string,
    unit: string,
    pick: (side: SideResults) => number,
    target?: Metric['target'],
    note?: string,
  ) =>
    metrics.push({
      id,
      label,
      unit,
      ours: pick(ours),
      baseline: pick(baseline),
      ...(target ? { target } : {}),
      ...(note ? { note } : {}),
    });
  const window = (side: SideResults, kb: number) => side.stream.windows.find((item) => item.kb === kb);

  for (const kb of settings.stream.windowsKb) {
    add(
      `update.script.${kb}`,
      `scripting per update at ${kb} KB`,
      'ms',
      (side) => window(side, kb)?.scriptMs ?? Number.NaN,
    );
    add(
      `update.total.${kb}`,
      `main-thread per update at ${kb} KB`,
      'ms',
      (side) => window(side, kb)?.taskMs ?? Number.NaN,
      atMost(4, 'ms'),
    );
  }
  const first = settings.stream.windowsKb[0] ?? 0;
  const last = settings.stream.windowsKb[settings.stream.windowsKb.length - 1] ?? 0;
  add(
    'update.growth',
    `per-update growth ${first} → ${last} KB`,
    '×',
    (side) => (window(side, last)?.taskMs ?? Number.NaN) / (window(side, first)?.taskMs ?? Number.NaN),
    atMost(1.5, '×'),
    '(flat: ≤ 1.5×)',
  );
  add('update.count', 'screen updates in the last window', '', (side) => window(side, last)?.updates ?? Number.NaN);
  add('stream.fps', 'frames per second while streaming', 'fps', (side) => side.stream.fps, atLeast(55, 'fps'));
  add(
    'stream.longTasks',
    'long tasks while streaming',
    '',
    (side) => side.stream.longTasks,
    atMost(0, ''),
    '(none > 50 ms)',
  );
  add(
    'stream.longestTask',
    'longest task while streaming',
    'ms',
    (side) => side.stream.longestTaskMs,
    atMost(50, 'ms'),
  );
  add(
    'stream.busy',
    `main thread busy while the ${settings.stream.sizeKb} KB answer streams at ${settings.stream.rate} tokens/s, pointer resting on it`,
    '%',
    (side) => side.stream.busyShare * 100,
    atMost(25, '%'),
    '(production build)',
  );
  const { field } = settings;
  add(
    'field.chunkRate.p95',
    `per update at ${field.chunks} chunks/s (a ${field.chunked.sizeKb} KB answer), p95`,
    'ms',
    (side) => side.field.chunked.p95Ms,
  );
  add(
    'field.lastChunk',
    `last chunk of a ${field.last.chars.toLocaleString('en')}-character answer (${field.chunks} chunks/s): its update`,
    'ms',
    (side) => side.field.last.lastChunkMs,
  );
  add(
    'latency.median',
    'chunk sent → painted, median',
    'ms',
    (side) => side.stream.latencyMedianMs,
    atMost(frameMs, 'ms'),
    '(1 frame)',
  );
  add('latency.p95', 'chunk sent → painted, p95', 'ms', (side) => side.stream.latencyP95Ms, atMost(33, 'ms'));
  add(
    'heap.one',
    `heap after one ${settings.stream.sizeKb} KB answer (page and workers)`,
    'MB',
    (side) => side.stream.heapMb,
    atMost(20, 'MB'),
  );
  // Which workers are up when it is read moves the sum: the highlighter's, while code near the view is coloured.
  add('heap.one.page', '… of which the page', 'MB', (side) => side.stream.heap?.pageMb ?? Number.NaN);
  add('heap.one.workers', '… of which its workers', 'MB', (side) => side.stream.heap?.workersMb ?? Number.NaN);
  add(
    'heap.one.highlighter',
    '… of which the highlighter worker',
    'MB',
    (side) => side.stream.heap?.highlighterMb ?? Number.NaN,
  );
  add(
    'heap.many',
    `heap after ${settings.many.count} answers (${settings.many.sizeKb} KB each; page and workers, at rest: the highlighter ended after its idle time)`,
    'MB',
    (side) => side.manyHeapMb,
    atMostTimesBaseline(1.5),
  );
  const largest = settings.turns[settings.turns.length - 1];
  for (const turns of settings.turns) {
    const conversation = (side: SideResults) => side.conversations.find((item) => item.turns === turns);
    const isLargest = turns === largest;
    add(
      `usable.${turns}`,
      `${turns} turns: load → usable`,
      'ms',
      (side) => conversation(side)?.usable.ms ?? Number.NaN,
      isLargest ? atMost(500, 'ms') : undefined,
    );
    add(
      `rows.${turns}`,
      `${turns} turns: rows mounted`,
      '',
      (side) => conversation(side)?.usable.rowsSettled ?? Number.NaN,
      isLargest ? atMost(60, '') : undefined,
    );
    add(
      `elements.${turns}`,
      `${turns} turns: DOM elements when usable`,
      '',
      (side) => conversation(side)?.usable.elements ?? Number.NaN,
    );
  }
  const typed = (side: SideResults) => side.conversations.find((item) => item.typing !== null)?.typing;
  add(
    'typing.median',
    `${largest} turns: key → paint, median`,
    'ms',
    (side) => typed(side)?.medianMs ?? Number.NaN,
    atMost(16, 'ms'),
  );
  add('typing.p95', `${largest} turns: key → paint, p95`, 'ms', (side) => typed(side)?.p95Ms ?? Number.NaN);
  add(
    'tree.expandAll',
    `${settings.treeNodes}-node tree: Expand all → painted`,
    'ms',
    (side) => side.expandAllMs,
    atMost(100, 'ms'),
  );
  add('js.initial', 'initial JS (gzip)', 'KB', (side) => side.initialJsKb, atMost(150, 'KB'));
  return metrics;
}
