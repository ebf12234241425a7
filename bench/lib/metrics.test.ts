import { describe, expect, it } from 'vitest';
import { bootMetrics, screenJsMetrics } from './metrics';
import { markdownTable, met, missing } from './report';

describe('the rows of the signed-in screens’ JavaScript', () => {
  const rows = screenJsMetrics([
    { screen: 'chat', largestKb: 102.3, largestFile: 'assets/index.js', totalKb: 455.4 },
    { screen: 'settings', largestKb: 130, largestFile: 'assets/everything.js', totalKb: 355.1 },
  ]);

  it('give each screen its largest chunk, held to ≤ 120 KB, and all it needs, with no target', () => {
    expect(rows.map((row) => [row.id, row.target?.text])).toEqual([
      ['js.screenLargest.chat', '≤ 120 KB'],
      ['js.screenTotal.chat', undefined],
      ['js.screenLargest.settings', '≤ 120 KB'],
      ['js.screenTotal.settings', undefined],
    ]);
    expect(rows.map(met)).toEqual([true, undefined, false, undefined]);
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
