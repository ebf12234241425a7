import { describe, expect, it } from 'vitest';
import { compare, comparedRows, comparisonTable, type Streamed } from './against-report';

const streamed = (taskMs: number, fps: number, pageMb: number): Streamed => ({
  windows: [{ kb: 10, scriptMs: 1, taskMs, updates: 50 }],
  fps,
  longTasks: 0,
  longestTaskMs: 0,
  longTaskAt: [],
  latencyMedianMs: 20,
  latencyP95Ms: 40,
  busyShare: 0.5,
  markers: 100,
  seconds: 40,
  heapMb: pageMb + 1,
  heap: { pageMb, workersMb: 1, highlighterMb: 0.5 },
});

const row = (rows: ReturnType<typeof compare>, label: string) => rows.find((compared) => compared.label === label);

describe('compare', () => {
  it("calls a row worse only when this code's median is beyond the other code's worst run", () => {
    const ref = [streamed(10, 58, 20), streamed(12, 57, 21), streamed(14, 59, 19)];
    const rows = compare(comparedRows([10]), [streamed(13, 56, 22), streamed(13.5, 56, 22)], ref);
    expect(row(rows, 'main-thread per update at 10 KB')).toMatchObject({ head: 13, ref: 12, worse: false });
    expect(row(rows, 'frames per second while streaming')).toMatchObject({ head: 56, worse: true });
    expect(row(rows, '… of which the page')).toMatchObject({ head: 22, ref: 20, worse: true });
    expect(row(rows, 'long tasks while streaming')?.worse).toBe(false);
  });

  it('has no verdict for a row that a side did not produce', () => {
    const broken = { ...streamed(10, 58, 20), windows: [] };
    expect(
      row(compare(comparedRows([10]), [broken], [streamed(10, 58, 20)]), 'main-thread per update at 10 KB'),
    ).toMatchObject({
      worse: undefined,
    });
  });
});

describe('comparisonTable', () => {
  it('shows each side as its median (the lower middle of an even count) and spread, with the verdict', () => {
    const rows = compare(comparedRows([10]), [streamed(9, 58, 20), streamed(11, 58, 20)], [streamed(10, 58, 20)]);
    const lines = comparisonTable(rows, 'main', 'd7f34a0').split('\n');
    expect(lines[0]).toBe('| row | main | d7f34a0 | verdict |');
    expect(lines[2]).toBe('| main-thread per update at 10 KB | 9 ms (9–11) | 10 ms | no worse |');
  });
});
