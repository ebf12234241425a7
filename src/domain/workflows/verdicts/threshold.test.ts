import { describe, expect, it } from 'vitest';
import type { ComparedRow, SideRow } from '@/domain/workflows/batches/batch-comparison';
import { changeText, meetsThreshold, parseChange, relativeChange } from './threshold';

const side = (index: number, values: Partial<SideRow>): SideRow => ({
  index,
  input: `row ${index}`,
  status: 'succeeded',
  ...values,
});
const pair = (before: Partial<SideRow> | undefined, after: Partial<SideRow> | undefined): ComparedRow => ({
  ...(before ? { baseline: side(0, before) } : {}),
  ...(after ? { candidate: side(0, after) } : {}),
  change: 'same',
  inputEdited: false,
  statusChanged: false,
  output: { identical: true, added: 0, removed: 0, lines: [] },
});

describe('a typed change', () => {
  it.each([
    ['+50 %', 0.5, '+50%'],
    ['+50%', 0.5, '+50%'],
    ['50 %', 0.5, '+50%'],
    ['−20 %', -0.2, '-20%'],
    ['-20%', -0.2, '-20%'],
    ['– 12,5 %', -0.125, '-12.5%'],
    [' +0 ', 0, '+0%'],
  ])('reads %j', (text, change, normal) => {
    expect(parseChange(text)).toEqual({ ok: true, change, text: normal });
  });

  it.each(['', 'fast', '+50 % more', '50 %%', '+-5', '1e3 %'])('refuses %j with words to act on', (text) => {
    expect(parseChange(text)).toEqual({ ok: false, error: 'Write a change like +50 % or −20 %.' });
  });

  it('refuses a fall of 100 % or more, which no metric can make', () => {
    expect(parseChange('-100%')).toEqual({
      ok: false,
      error: 'A fall of 100 % cannot happen: Write a change like +50 % or −20 %.',
    });
  });

  it('shows a change with a real minus sign', () => {
    expect(changeText(-0.2)).toBe('−20 %');
    expect(changeText(0.125)).toBe('+12.5 %');
  });
});

describe('rows reaching a threshold', () => {
  const slower = pair({ durationMs: 1000, tokens: 100, cost: 0.01 }, { durationMs: 1600, tokens: 80, cost: 0.01 });
  const faster = pair({ durationMs: 1000, tokens: 100 }, { durationMs: 700, tokens: 100 });

  it('a rise reaches "+50 %" at 50 % or more; a fall reaches "−20 %" at 20 % or more', () => {
    expect(relativeChange(slower, 'duration')).toBeCloseTo(0.6);
    expect(meetsThreshold(slower, { metric: 'duration', change: 0.5 })).toBe(true);
    expect(meetsThreshold(slower, { metric: 'duration', change: 0.6001 })).toBe(false);
    expect(meetsThreshold(faster, { metric: 'duration', change: 0.5 })).toBe(false);
    expect(meetsThreshold(faster, { metric: 'duration', change: -0.2 })).toBe(true);
    expect(meetsThreshold(slower, { metric: 'tokens', change: -0.2 })).toBe(true);
    expect(meetsThreshold(slower, { metric: 'cost', change: 0 })).toBe(true);
  });

  it('a row a side does not report never reaches a threshold; from nothing to something is a rise', () => {
    expect(meetsThreshold(faster, { metric: 'cost', change: -0.5 })).toBe(false);
    expect(meetsThreshold(pair(undefined, { durationMs: 10 }), { metric: 'duration', change: 0 })).toBe(false);
    expect(meetsThreshold(pair({ tokens: 0 }, { tokens: 5 }), { metric: 'tokens', change: 10 })).toBe(true);
    expect(meetsThreshold(pair({ tokens: 0 }, { tokens: 0 }), { metric: 'tokens', change: -0.1 })).toBe(false);
  });
});
