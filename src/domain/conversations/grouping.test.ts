import { describe, expect, it } from 'vitest';
import { titleFrom } from './conversation';
import { groupByRecency } from './grouping';

const at = (text: string) => new Date(text).getTime();

describe('conversations by recency', () => {
  it('groups newest first into Today, Yesterday, Previous 7 days and Older (local days)', () => {
    const now = at('2026-11-23T15:00:00');
    const items = [
      { id: 'old', updatedAt: at('2026-10-01T12:00:00') },
      { id: 'morning', updatedAt: at('2026-11-23T00:30:00') },
      { id: 'yesterday', updatedAt: at('2026-11-22T23:59:00') },
      { id: 'noon', updatedAt: at('2026-11-23T12:00:00') },
      { id: 'six-days', updatedAt: at('2026-11-17T08:00:00') },
      { id: 'seven-days', updatedAt: at('2026-11-16T23:00:00') },
      { id: 'eight-days', updatedAt: at('2026-11-15T23:00:00') },
    ];
    expect(groupByRecency(items, now).map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ['Today', ['noon', 'morning']],
      ['Yesterday', ['yesterday']],
      ['Previous 7 days', ['six-days', 'seven-days']],
      ['Older', ['eight-days', 'old']],
    ]);
  });

  it('puts pinned conversations first whatever their age', () => {
    const now = at('2026-11-23T15:00:00');
    const items = [
      { id: 'today', updatedAt: at('2026-11-23T12:00:00') },
      { id: 'pinned-old', updatedAt: at('2026-01-01T12:00:00'), pinned: true },
    ];
    expect(groupByRecency(items, now).map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ['Pinned', ['pinned-old']],
      ['Today', ['today']],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(groupByRecency([], Date.now())).toEqual([]);
  });

  it('titles a conversation by its first question', () => {
    expect(titleFrom('  How do refresh tokens work?\nmore')).toBe('How do refresh tokens work?');
    expect(titleFrom('')).toBe('New conversation');
    const long = titleFrom('word '.repeat(30));
    expect(long.length).toBeLessThanOrEqual(61);
    expect(long.endsWith('…')).toBe(true);
  });
});
