import { describe, expect, it } from 'vitest';
import {
  batchVerdictsSchema,
  judgePair,
  judgeRow,
  pairKey,
  passRate,
  passRateText,
  winRate,
  winRateText,
} from './verdicts';

describe('judging rows', () => {
  it('sets, changes and takes away a pass / fail, keeping a note until it is blanked', () => {
    let verdicts = judgeRow(undefined, 2, { verdict: 'pass' });
    expect(verdicts.rows).toEqual({ '2': { verdict: 'pass' } });
    verdicts = judgeRow(verdicts, 2, { note: '  cites the wrong page  ' });
    expect(verdicts.rows?.['2']).toEqual({ verdict: 'pass', note: 'cites the wrong page' });
    verdicts = judgeRow(verdicts, 2, { verdict: 'fail' });
    expect(verdicts.rows?.['2']).toEqual({ verdict: 'fail', note: 'cites the wrong page' });
    verdicts = judgeRow(verdicts, 2, { verdict: null });
    expect(verdicts.rows?.['2']).toEqual({ note: 'cites the wrong page' });
    verdicts = judgeRow(verdicts, 2, { note: '   ' });
    expect(verdicts.rows).toEqual({});
  });

  it('keeps pairs per baseline, and drops a baseline once nothing is judged against it', () => {
    let verdicts = judgePair(undefined, 'base-1', pairKey(0, 0), { verdict: 'better' });
    verdicts = judgePair(verdicts, 'base-2', pairKey(undefined, 3), { verdict: 'worse', note: 'new row is off' });
    expect(verdicts.against).toEqual({
      'base-1': { '0:0': { verdict: 'better' } },
      'base-2': { '-:3': { verdict: 'worse', note: 'new row is off' } },
    });
    verdicts = judgePair(verdicts, 'base-1', '0:0', { verdict: null });
    expect(verdicts.against).toEqual({ 'base-2': { '-:3': { verdict: 'worse', note: 'new row is off' } } });
  });

  it('reads back what it keeps, and refuses a verdict it does not know', () => {
    const verdicts = judgePair(judgeRow(undefined, 0, { verdict: 'fail' }), 'b', '0:0', { verdict: 'same' });
    expect(batchVerdictsSchema.parse(JSON.parse(JSON.stringify(verdicts)))).toEqual(verdicts);
    expect(batchVerdictsSchema.safeParse({ rows: { '0': { verdict: 'great' } } }).success).toBe(false);
  });
});

describe('rates', () => {
  it('pass rate: passes over judged rows, rows no longer in the batch left out', () => {
    let verdicts = judgeRow(undefined, 0, { verdict: 'pass' });
    verdicts = judgeRow(verdicts, 1, { verdict: 'fail' });
    verdicts = judgeRow(verdicts, 2, { note: 'only a note' });
    verdicts = judgeRow(verdicts, 9, { verdict: 'fail' });
    const rate = passRate(verdicts, [0, 1, 2, 3]);
    expect(rate).toEqual({ pass: 1, fail: 1, notJudged: 2, rate: 0.5 });
    expect(passRateText(rate)).toBe('Pass rate 50 % · 1 pass, 1 fail · 2 not judged');
    expect(passRateText(passRate(undefined, [0, 1]))).toBe('Pass rate — · 0 pass, 0 fail · 2 not judged');
  });

  it('win rate: wins over judged pairs against that baseline, ties judged but not won', () => {
    let verdicts = judgePair(undefined, 'base', '0:0', { verdict: 'better' });
    verdicts = judgePair(verdicts, 'base', '1:1', { verdict: 'better' });
    verdicts = judgePair(verdicts, 'base', '2:2', { verdict: 'worse' });
    verdicts = judgePair(verdicts, 'other', '3:3', { verdict: 'better' });
    const keys = Array.from({ length: 10 }, (_, index) => pairKey(index, index));
    const rate = winRate(verdicts, 'base', keys);
    expect(rate).toMatchObject({ better: 2, same: 0, worse: 1, notJudged: 7 });
    expect(winRateText(rate)).toBe('Win rate 67 % · 2 better, 0 same, 1 worse · 7 not judged');
    const tie = winRate(judgePair(undefined, 'base', '0:0', { verdict: 'same' }), 'base', keys.slice(0, 2));
    expect(tie).toEqual({ better: 0, same: 1, worse: 0, notJudged: 1, rate: 0 });
  });
});
