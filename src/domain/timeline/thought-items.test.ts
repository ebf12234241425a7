import { describe, expect, it } from 'vitest';
import { applyThought, emptyThoughtTree, type ThoughtNode } from '@/domain/thoughts/thought-tree';
import type { WireThought } from '@/domain/wire';
import { wireThought as thought } from '@/test/wire-thought';
import { arrivalsOf, withArrivals, type ArrivalTimes } from './arrival-times';
import { resumedTree } from '@/domain/approval/paused-call';
import { barText, layoutTimeline, type TimelineBar } from './timeline-layout';
import { hasThoughtTimes, thoughtItems } from './thought-items';

/** The times with a batch of thoughts seen at `at`. */
const recordArrivals = (times: ArrivalTimes, thoughts: readonly WireThought[], at: number): ArrivalTimes =>
  withArrivals(times, arrivalsOf(times, thoughts, at));

const tool = (id: string, parent: string, fields: Partial<WireThought> = {}) =>
  thought(id, { parent_id: parent, author_type: 'Tool', metadata: { replay_type: 'tool' }, ...fields });

/** Folds chunks as the runtime does: each batch `[at, thoughts]` seen at its time. */
function stream(batches: readonly [number, WireThought[]][]) {
  let tree = emptyThoughtTree;
  let times: ArrivalTimes = {};
  for (const [at, thoughts] of batches) {
    tree = thoughts.reduce(applyThought, tree);
    times = recordArrivals(times, thoughts, at);
  }
  return { tree, times };
}

describe('arrivalsOf and withArrivals', () => {
  it('keeps the first and latest arrival, and when the thought said it ended', () => {
    const times = recordArrivals(
      recordArrivals(recordArrivals({}, [thought('a')], 100), [thought('a', { message: 'x' })], 250),
      [thought('a', { in_progress: false }), thought('b', { children: [thought('c')] })],
      400,
    );
    expect(times).toEqual({
      a: { first: 100, last: 400, ended: 400 },
      b: { first: 400, last: 400 },
      c: { first: 400, last: 400 },
    });
  });

  it('gives back the same times for a batch with no thoughts', () => {
    const times = { a: { first: 1, last: 1 } };
    expect(recordArrivals(times, [], 5)).toBe(times);
  });
});

describe('thoughtItems', () => {
  it('times nodes from arrivals when the server sends no times, nested in reading order', () => {
    const { tree, times } = stream([
      [1000, [thought('agent')]],
      [1100, [tool('search', 'agent')]],
      [1200, [tool('fetch', 'agent')]],
      [1500, [tool('search', 'agent', { in_progress: false })]],
      [2100, [tool('fetch', 'agent', { in_progress: false, error: true })]],
    ]);
    const items = thoughtItems(tree, times, 2500);
    expect(items.map((item) => [item.id, item.depth, item.kind, item.start, item.end, item.running])).toEqual([
      ['agent', 0, 'agent', 1000, undefined, true],
      ['search', 1, 'tool call', 1100, 1500, false],
      ['fetch', 1, 'tool call', 1200, 2100, false],
    ]);
    expect(items[2]?.failed).toBe(true);
    const { bars } = layoutTimeline(items, 2500);
    expect(bars.filter((bar) => bar.parallel).map((bar) => bar.id)).toEqual(['search', 'fetch']);
    expect(bars.find((bar) => bar.slowest)?.id).toBe('fetch');
  });

  it('prefers the server’s own start and end times', () => {
    const { tree, times } = stream([
      [
        5000,
        [
          thought('a', {
            in_progress: false,
            metadata: { started_at: '2026-11-24T02:10:12.000', completed_at: '2026-11-24T02:10:13.500' },
          }),
        ],
      ],
    ]);
    const [item] = thoughtItems(tree, times, 9000);
    expect((item?.end ?? 0) - (item?.start ?? 0)).toBe(1500);
    expect(item?.start).toBe(Date.parse('2026-11-24T02:10:12.000Z'));
  });

  it('ends a finished node after the server’s duration when no end arrived (a whole answer at once)', () => {
    const tree = applyThought(emptyThoughtTree, thought('a', { in_progress: false, metadata: { duration_ms: 700 } }));
    const [item] = thoughtItems(tree, { a: { first: 100, last: 100 } }, 900);
    expect([item?.start, item?.end]).toEqual([100, 800]);
  });

  it('calls a running tool silent once it has sent nothing for a while, and a paused one waiting', () => {
    const { tree, times } = stream([
      [0, [thought('agent')]],
      [10, [tool('slow', 'agent')]],
      [20, [tool('ask', 'agent', { interrupted: true, message: 'Waiting for user approval' })]],
    ]);
    const byId = (now: number) => new Map(thoughtItems(tree, times, now).map((item) => [item.id, item]));
    expect(byId(1000).get('slow')?.silent).toBe(false);
    expect(byId(5000).get('slow')?.silent).toBe(true);
    expect(byId(5000).get('ask')).toMatchObject({ waiting: true, running: false, silent: false });
  });

  it('draws a decided call’s wait for the person as a wait, and a denial as no success', () => {
    const paused = stream([
      [0, [thought('agent')]],
      [100, [tool('drop', 'agent', { interrupted: true, message: 'Waiting for user approval' })]],
    ]);
    const denied = resumedTree(paused.tree, 'drop', { action: 'deny', at: 5100, waitedFrom: 100 });
    const times = recordArrivals(
      paused.times,
      [tool('drop', 'agent', { in_progress: false, message: 'Denied' })],
      5200,
    );
    const layout = layoutTimeline(thoughtItems(denied, times, 6000), 6000);
    const bar = layout.bars.find((candidate) => candidate.id === 'drop');
    expect(bar).toMatchObject({ decision: { action: 'deny' }, failed: false });
    expect(bar?.wait?.ms).toBe(5000);
    expect(barText(bar as TimelineBar)).toContain('denied by you, waited 5.0 s for you');
  });

  it('agrees with the tree: a child never starts before its parent, and a given duration is the bar’s length', () => {
    const { tree, times } = stream([
      [1000, [thought('agent')]],
      [1100, [tool('early', 'agent', { metadata: { replay_type: 'tool', started_at: '1970-01-01T00:00:00.500Z' } })]],
      [1200, [tool('timed', 'agent', { metadata: { replay_type: 'tool', duration_ms: 300 } })]],
      [4000, [tool('timed', 'agent', { in_progress: false }), thought('agent', { in_progress: false })]],
    ]);
    const byId = new Map(thoughtItems(tree, times, 5000).map((item) => [item.id, item]));
    expect(byId.get('early')?.start).toBe(1000);
    const timed = byId.get('timed');
    expect((timed?.end ?? 0) - (timed?.start ?? 0)).toBe(300);
  });

  it('walks a chain thousands deep without recursion', () => {
    let node: ThoughtNode | undefined;
    for (let index = 4999; index >= 0; index -= 1) {
      const base = applyThought(emptyThoughtTree, thought(`n${index}`)).roots[0] as ThoughtNode;
      node = { ...base, children: node ? [node] : [] };
    }
    const items = thoughtItems({ roots: node ? [node] : [], waiting: {} }, {}, 10);
    expect(items).toHaveLength(5000);
    expect(items.at(-1)?.depth).toBe(4999);
  });
});

describe('hasThoughtTimes', () => {
  const stored = [thought('state', { children: [tool('lookup', 'state', { children: [thought('deep')] })] })].reduce(
    applyThought,
    emptyThoughtTree,
  );

  it('finds no time in a tree read back whole, without arrivals or server times (nothing to draw on an axis)', () => {
    expect(hasThoughtTimes(stored, {})).toBe(false);
    expect(hasThoughtTimes(emptyThoughtTree, {})).toBe(false);
  });

  it('finds a time in an arrival of any node, or in a start the server sent, however deep', () => {
    expect(hasThoughtTimes(stored, { deep: { first: 5, last: 5 } })).toBe(true);
    const timed = applyThought(stored, thought('deep', { metadata: { started_at: '2026-01-01T00:00:01' } }));
    expect(hasThoughtTimes(timed, {})).toBe(true);
    // Arrivals of nodes the tree does not hold (another turn's) do not count.
    expect(hasThoughtTimes(stored, { elsewhere: { first: 5, last: 5 } })).toBe(false);
  });
});
