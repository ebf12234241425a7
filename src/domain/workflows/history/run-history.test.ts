import { describe, expect, it } from 'vitest';
import {
  durationOf,
  firstLine,
  formatDuration,
  groupByBatch,
  startedLabel,
  tally,
  tokensFromUsage,
} from './run-history';

describe('tokensFromUsage', () => {
  it('reads input and output tokens from a server tokens_usage', () => {
    expect(tokensFromUsage({ input_tokens: 190, output_tokens: 40, cached_tokens: 0, money_spent: 0.0007 })).toEqual({
      input: 190,
      output: 40,
      cost: 0.0007,
    });
  });
  it('has none while the server reports none, or nothing it can count', () => {
    expect(tokensFromUsage(null)).toBeNull();
    expect(tokensFromUsage(undefined)).toBeNull();
    expect(tokensFromUsage({ money_spent: 1 })).toBeNull();
    expect(tokensFromUsage({ input_tokens: 'many', output_tokens: -3 })).toBeNull();
    expect(tokensFromUsage({ output_tokens: 12 })).toEqual({ input: 0, output: 12 });
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0.0 s'],
    [860, '0.9 s'],
    [9_940, '9.9 s'],
    [42_300, '42 s'],
    [184_000, '3 min 04 s'],
    [7_500_000, '2 h 05 min'],
  ])('%i ms reads %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
  it('says nothing for a negative or impossible span', () => {
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('durationOf', () => {
  it('runs from start to end, counts up while running, and is unknown for an ended run without an end', () => {
    expect(durationOf({ startedAt: 1_000, endedAt: 4_500 }, false, 99_000)).toBe(3_500);
    expect(durationOf({ startedAt: 1_000 }, true, 6_000)).toBe(5_000);
    expect(durationOf({ startedAt: 1_000 }, false, 6_000)).toBeNull();
  });
});

describe('startedLabel', () => {
  const now = new Date(2026, 10, 24, 15, 30).getTime();
  it('is relative today', () => {
    expect(startedLabel(now - 20_000, now)).toBe('just now');
    expect(startedLabel(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(startedLabel(new Date(2026, 10, 24, 9, 0).getTime(), now)).toBe('6 h ago');
  });
  it('is a date and time before today, with the year only when it is another', () => {
    expect(startedLabel(new Date(2026, 10, 23, 23, 50).getTime(), now, 'en-GB')).toBe('23 Nov, 23:50');
    expect(startedLabel(new Date(2025, 0, 2, 8, 5).getTime(), now, 'en-GB')).toBe('2 Jan 2025, 08:05');
  });
});

describe('firstLine', () => {
  it('is the first line with text', () => {
    expect(firstLine('\n  \n  Summarize this\nand that')).toBe('Summarize this');
    expect(firstLine('')).toBe('');
  });
});

describe('groupByBatch', () => {
  const run = (id: string, batchId?: string) => ({ id, ...(batchId ? { batchId } : {}) });
  it('keeps a batch’s runs together where its newest run stands, single runs in place', () => {
    const items = groupByBatch([run('a'), run('b1', 'B'), run('c'), run('b2', 'B'), run('d1', 'D'), run('e')]);
    expect(
      items.map((item) =>
        item.kind === 'run' ? item.run.id : `${item.batchId}:${item.runs.map((member) => member.id).join(',')}`,
      ),
    ).toEqual(['a', 'B:b1,b2', 'c', 'D:d1', 'e']);
  });
});

describe('tally', () => {
  it('counts each kind in the order first met', () => {
    expect(tally(['success', 'error', 'success', 'running'])).toEqual([
      { kind: 'success', count: 2 },
      { kind: 'error', count: 1 },
      { kind: 'running', count: 1 },
    ]);
  });
});
