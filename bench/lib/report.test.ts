import { describe, expect, it } from 'vitest';
import {
  atLeast,
  atMost,
  atMostTimesBaseline,
  markdownTable,
  met,
  missedTargets,
  missing,
  type Metric,
} from './report';
import { whyMissed } from './why';

const metric = (id: string, ours: number, target?: Metric['target']): Metric => ({
  id,
  label: id,
  unit: 'ms',
  ours,
  baseline: 1,
  ...(target ? { target } : {}),
});

describe('missedTargets', () => {
  it('lists only the targets missed, each with its value, its target and why; one reason is given once', () => {
    const section = missedTargets(
      [
        metric('update.total.10', 9, atMost(4, 'ms')),
        metric('stream.fps', 58, atLeast(55, 'fps')),
        metric('update.total.50', 8, atMost(4, 'ms')),
        metric('update.script.10', 3),
        metric('new.metric', 5, atMost(1, 'ms')),
        metric('other.metric', 6, atMost(1, 'ms')),
      ],
      (id) => (id.startsWith('update.total') ? 'Because.' : undefined),
    );
    expect(section.split('\n')).toEqual([
      '## Targets not met, and why',
      '',
      '- **update.total.10** (9 ms against ≤ 4 ms), **update.total.50** (8 ms against ≤ 4 ms): Because.',
      '- **new.metric** (5 ms against ≤ 1 ms): not analysed yet.',
      '- **other.metric** (6 ms against ≤ 1 ms): not analysed yet.',
    ]);
  });

  it('is empty when every target is met', () => {
    expect(missedTargets([metric('stream.fps', 58, atLeast(55, 'fps'))], () => 'never')).toBe('');
  });
});

describe('a target relative to the baseline', () => {
  const heap = (ours: number, baseline: number): Metric => ({
    ...metric('heap.many', ours, atMostTimesBaseline(1.5)),
    unit: 'MB',
    baseline,
  });

  it('is met by the ratio of the same run, not by the value, and a miss gives both', () => {
    expect(met(heap(44, 30))).toBe(true);
    expect(met(heap(46, 30))).toBe(false);
    expect(met(heap(46, Number.NaN))).toBe(false);
    expect(markdownTable([heap(46, 30)])).toContain('| 46 MB | 30 MB | 1.53× | ≤ 1.5× baseline | **no** |');
    expect(missedTargets([heap(46, 30)], () => 'Why.')).toContain(
      '**heap.many** (46 MB, 1.53× baseline, against ≤ 1.5× baseline): Why.',
    );
  });
});

describe('whyMissed', () => {
  it('finds the entry of a metric family for each of its sizes, and none for an unknown metric', () => {
    expect(whyMissed('update.total.200')).toBe(whyMissed('update.total.10'));
    expect(whyMissed('update.total.200')).toMatch(/trace of this run/);
    expect(whyMissed('js.screenTotal.chat')).toMatch(/chunk by chunk/);
    expect(whyMissed('no.such.metric')).toBeUndefined();
  });
});

describe('metrics of the console alone', () => {
  const consoleOnly: Metric = {
    ...metric('boot.reloadText', 300, atMost(1000, 'ms')),
    baseline: Number.NaN,
    oursOnly: true,
  };

  it('are not missing for want of a baseline, but are when the console gave no value', () => {
    expect(missing([consoleOnly])).toEqual([]);
    expect(missing([{ ...consoleOnly, ours: Number.NaN }])).toEqual(['boot.reloadText (ours)']);
    expect(missing([{ ...metric('x', 1), baseline: Number.NaN }])).toEqual(['x (baseline)']);
  });

  it('show no baseline and no ratio in the table', () => {
    expect(markdownTable([consoleOnly]).split('\n')[2]).toBe('| boot.reloadText | 300 ms | – | – | ≤ 1000 ms | yes |');
  });
});
