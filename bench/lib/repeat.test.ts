import { describe, expect, it } from 'vitest';
import { medianOfRuns, repeatsOf } from './repeat';
import { atMost, met, type Metric } from './report';

const row = (ours: number, baseline = 20): Metric => ({
  id: 'update-ms',
  label: 'main-thread time per update',
  unit: 'ms',
  ours,
  baseline,
  target: atMost(4, 'ms'),
});

describe('repeated bench runs', () => {
  it('reads --repeat N, one run without it or for nonsense', () => {
    expect(repeatsOf(['--repeat', '5'])).toBe(5);
    expect(repeatsOf([])).toBe(1);
    expect(repeatsOf(['--repeat', 'x'])).toBe(1);
    expect(repeatsOf(['--repeat', '0'])).toBe(1);
    expect(repeatsOf(['--repeat', '99'])).toBe(20);
  });

  it('judges a target on the median of the runs, and says the spread of ours', () => {
    const runs = [[row(3.5)], [row(9)], [row(3.9)], [row(3.8, 30)], [row(Number.NaN)]];
    const [combined] = medianOfRuns(runs);
    expect(combined?.ours).toBe(3.8);
    expect(combined?.baseline).toBe(20);
    expect(combined?.note).toBe('(median of 4 runs; ours 3.5–9 ms)');
    expect(combined && met(combined)).toBe(true);
    expect(medianOfRuns([[row(5)], [row(5)]])[0]?.note).toBe('(the same in 2 runs)');
    // One run is itself.
    expect(medianOfRuns([[row(5)]])).toEqual([row(5)]);
  });
});
