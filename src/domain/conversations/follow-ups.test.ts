import { describe, expect, it } from 'vitest';
import { moved, readFollowUps, writeFollowUps } from './follow-ups';

const queue = [
  { id: 'a', text: 'first' },
  { id: 'b', text: 'second' },
  { id: 'c', text: 'third' },
];

describe('the follow-up queue', () => {
  it('is saved and read back, and a damaged record reads as empty', () => {
    expect(readFollowUps(writeFollowUps(queue))).toEqual(queue);
    expect(writeFollowUps([])).toBe('');
    expect(readFollowUps('{oops')).toEqual([]);
    expect(readFollowUps('')).toEqual([]);
  });

  it('moves a question earlier or later, never past either end', () => {
    expect(moved(queue, 'c', -1).map((item) => item.id)).toEqual(['a', 'c', 'b']);
    expect(moved(queue, 'a', -1).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(moved(queue, 'a', 5).map((item) => item.id)).toEqual(['b', 'c', 'a']);
  });
});
