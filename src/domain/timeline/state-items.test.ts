import { describe, expect, it } from 'vitest';
import { hasStateTimes, stateItems } from './state-items';
import { barText, layoutTimeline } from './timeline-layout';

describe('stateItems', () => {
  it('gives each state a bar from its start to its end, the running one to now, the paused one as waiting', () => {
    const items = stateItems([
      {
        key: 's1',
        name: 'plan',
        status: 'Succeeded',
        startedAt: '2026-01-01T00:00:00',
        completedAt: '2026-01-01T00:00:02',
        waiting: false,
      },
      { key: 's2', name: 'draft', status: 'In Progress', startedAt: '2026-01-01T00:00:02', waiting: false },
      { key: 's3', name: 'review', status: 'Interrupted', startedAt: '2026-01-01T00:00:03', waiting: true },
      { key: 's4', name: 'later', status: 'Not Started', waiting: false },
    ]);
    const { bars } = layoutTimeline(items, Date.parse('2026-01-01T00:00:04Z'));
    expect(bars.map(barText)).toEqual([
      // As long as the running draft so far: neither is marked the slowest.
      'plan, state, 2.0 s, started at +0.0 s',
      'draft, state, 2.0 s, started at +2.0 s, running, in parallel',
      'review, state, 1.0 s, started at +3.0 s, waiting for you, in parallel',
      'later, state, no time recorded',
    ]);
  });
});

describe('hasStateTimes', () => {
  it('is true once a state has a start the server sent, false when none has (nothing to draw)', () => {
    const untimed = { key: 's1', name: 'plan', status: 'Succeeded', waiting: false };
    expect(hasStateTimes([])).toBe(false);
    expect(hasStateTimes([untimed, { ...untimed, key: 's2', startedAt: 'not a time' }])).toBe(false);
    expect(hasStateTimes([untimed, { ...untimed, key: 's2', startedAt: '2026-01-01T00:00:00' }])).toBe(true);
  });
});
