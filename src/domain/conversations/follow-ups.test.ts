import { describe, expect, it } from 'vitest';
import { followUpQueueSchema, laterQueue, moved, nextQueueStep, readLegacyFollowUps } from './follow-ups';

const items = [
  { id: 'a', text: 'first' },
  { id: 'b', text: 'second' },
  { id: 'c', text: 'third' },
];

describe('the follow-up queue', () => {
  it('reads a queue earlier consoles kept as a draft, and a damaged one as empty', () => {
    expect(readLegacyFollowUps(JSON.stringify(items))).toEqual(items);
    expect(readLegacyFollowUps('{oops')).toEqual([]);
    expect(readLegacyFollowUps('')).toEqual([]);
  });

  it('drops blank questions and a damaged choice when read back', () => {
    const read = followUpQueueSchema.parse({
      items: [...items, { id: 'd', text: '  ' }, { id: 'e', text: 'fifth', choice: { assistant: 'x' } }],
    });
    expect(read.items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'e']);
    expect(read.items.at(-1)).toEqual({ id: 'e', text: 'fifth' });
  });

  it('moves a question earlier or later, never past either end', () => {
    expect(moved(items, 'c', -1).map((item) => item.id)).toEqual(['a', 'c', 'b']);
    expect(moved(items, 'a', -1).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(moved(items, 'a', 5).map((item) => item.id)).toEqual(['b', 'c', 'a']);
  });
});

describe('the queue’s next step when no answer runs', () => {
  const queue = { items };
  it('sends the first question after a completed answer', () => {
    expect(nextQueueStep(queue, 'completed', 5)).toEqual({
      kind: 'send',
      item: items[0],
      queue: { items: items.slice(1) },
    });
  });

  it('pauses after an answer that did not finish, saying why', () => {
    for (const status of ['failed', 'interrupted'] as const)
      expect(nextQueueStep(queue, status, 5)).toEqual({
        kind: 'pause',
        queue: { items, paused: { reason: 'the last answer did not finish', since: 5 } },
      });
  });

  it('holds (without pausing) while the assistant waits for the person, and after a stopped answer', () => {
    expect(nextQueueStep(queue, 'waiting', 5)).toEqual({ kind: 'nothing' });
    expect(nextQueueStep(queue, 'stopped', 5)).toEqual({ kind: 'nothing' });
  });

  it('does nothing for a paused or empty queue', () => {
    expect(nextQueueStep({ items, paused: { reason: 'you paused it', since: 1 } }, 'completed', 5)).toEqual({
      kind: 'nothing',
    });
    expect(nextQueueStep({ items: [] }, 'completed', 5)).toEqual({ kind: 'nothing' });
    expect(nextQueueStep(undefined, 'completed', 5)).toEqual({ kind: 'nothing' });
  });
});

describe('two tabs’ copies of a queue', () => {
  it('keep the later one: an older copy another tab sends back does not bring a sent question back', () => {
    const here = { items: [], rev: 3 };
    const stale = { items: [{ id: 'a', text: 'sent already' }], rev: 2 };
    expect(laterQueue(here, stale)).toBe(here);
    expect(laterQueue(stale, here)).toBe(here);
    expect(laterQueue(undefined, stale)).toBe(stale);
    expect(laterQueue(here, undefined)).toBe(here);
  });
});
