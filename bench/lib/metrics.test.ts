import { describe, expect, it } from 'vitest';
import { bootMetrics, metricsOf, screenJsMetrics, type SideResults } from './metrics';
import { markdownTable, met, missing, type Metric } from './report';
import { fullSettings } from './settings';

describe('the rows of the signed-in screens’ JavaScript', () => {
  const rows = screenJsMetrics([
    { screen: 'chat', largestKb: 102.3, largestFile: 'assets/index.js', totalKb: 455.4, chunks: [] },
    { screen: 'settings', largestKb: 130, largestFile: 'assets/everything.js', totalKb: 355.1, chunks: [] },
  ]);

  it("give each screen its largest chunk, held to ≤ 120 KB, and all it needs, the chat's held to ≤ 300 KB", () => {
    expect(rows.map((row) => [row.id, row.target?.text])).toEqual([
      ['js.screenLargest.chat', '≤ 120 KB'],
      ['js.screenTotal.chat', '≤ 300 KB'],
      ['js.screenLargest.settings', '≤ 120 KB'],
      ['js.screenTotal.settings', undefined],
    ]);
    expect(rows.map(met)).toEqual([true, false, false, undefined]);
  });

  it('are the console’s alone: no baseline is missing, and the table shows none', () => {
    expect(missing(rows)).toEqual([]);
    expect(markdownTable(rows).split('\n')[2]).toBe(
      '| chat: largest JS chunk it needs (gzip) | 102 KB | – | – | ≤ 120 KB | yes |',
    );
  });
});

describe('the rows of the console’s start', () => {
  it('time the whole sign-in (no target) besides the callback → message box (≤ 1 s)', () => {
    const rows = bootMetrics({ signInFormMs: 900, signInMs: 400, reloadTextMs: 300, reloadComposerMs: 250, jumps: 0 });
    expect(rows.map((row) => [row.id, row.ours, row.target?.text])).toEqual([
      ['boot.signInForm', 900, undefined],
      ['boot.signIn', 400, '≤ 1000 ms'],
      ['boot.reloadText', 300, '≤ 1000 ms'],
      ['boot.reloadComposer', 250, '≤ 1000 ms'],
      ['boot.jumps', 0, '≤ 0'],
    ]);
  });
});

describe('the rows in the shape the field publishes', () => {
  const costs = { samples: 40, medianMs: 3, p95Ms: 7.5, lastChunkMs: 5 };
  const side = (busyShare: number, lastChunkMs: number): SideResults => ({
    stream: {
      windows: [],
      fps: 60,
      longTasks: 0,
      longestTaskMs: 0,
      longTaskAt: [],
      latencyMedianMs: 16,
      latencyP95Ms: 30,
      busyShare,
      markers: 10,
      seconds: 10,
      heapMb: 10,
    },
    field: { chunked: costs, last: { ...costs, lastChunkMs } },
    manyHeapMb: 20,
    conversations: [],
    expandAllMs: 40,
    initialJsKb: 100,
  });
  const rows = metricsOf(fullSettings, side(0.2, 5), side(0.9, 600)).filter(
    (row) => row.id === 'stream.busy' || row.id.startsWith('field.'),
  );

  it('give the busy share in percent, held to ≤ 25 %, and the p95 at 30 chunks/s and the last chunk without a target', () => {
    expect(rows.map((row) => [row.id, row.ours, row.baseline, row.target?.text])).toEqual([
      ['stream.busy', 20, 90, '≤ 25 %'],
      ['field.chunkRate.p95', 7.5, 7.5, undefined],
      ['field.lastChunk', 5, 600, undefined],
    ]);
    expect(rows.map((row) => row.label)).toEqual([
      'main thread busy while the 200 KB answer streams at 1000 tokens/s, pointer resting on it',
      'per update at 30 chunks/s (a 20 KB answer), p95',
      'last chunk of a 132,000-character answer (30 chunks/s): its update',
    ]);
    expect(met(rows[0] as Metric)).toBe(true);
  });
});
