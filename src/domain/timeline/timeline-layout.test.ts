import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barText, layoutTimeline, type TimedItem } from './timeline-layout';

/** The oracle: two spans share some time (touching ends, or an instant, do not count). */
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean =>
  Math.max(a.start, b.start) < Math.min(a.end, b.end);

const item = (id: string, fields: Partial<TimedItem> = {}): TimedItem => ({
  id,
  parentId: null,
  depth: 0,
  label: id,
  kind: 'tool call',
  running: false,
  waiting: false,
  silent: false,
  failed: false,
  leaf: true,
  ...fields,
});

const span = fc
  .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 5_000 }), fc.boolean(), fc.boolean())
  .map(([start, length, running, parentA]) => ({ start, end: start + length, running, parentA }));

const itemsOf = (spans: readonly { start: number; end: number; running: boolean; parentA: boolean }[]) =>
  spans.map((one, index) =>
    item(`n${index}`, {
      start: 1_000_000 + one.start,
      ...(one.running ? {} : { end: 1_000_000 + one.end }),
      running: one.running,
      parentId: one.parentA ? 'a' : 'b',
    }),
  );

describe('layoutTimeline', () => {
  it('puts bars on one axis from the first start to the last end', () => {
    const { bars, spanMs } = layoutTimeline(
      [item('a', { start: 1000, end: 3000 }), item('b', { start: 2000, end: 5000 })],
      9999,
    );
    expect(spanMs).toBe(4000);
    expect(bars.map((bar) => [bar.offset, bar.width])).toEqual([
      [0, 0.5],
      [0.25, 0.75],
    ]);
  });

  it('draws what still runs, or waits for a person, to now', () => {
    const { bars, spanMs } = layoutTimeline(
      [
        item('a', { start: 1000, end: 2000 }),
        item('b', { start: 1500, running: true }),
        item('c', { start: 1800, waiting: true }),
      ],
      4000,
    );
    expect(spanMs).toBe(3000);
    expect(bars[1]).toMatchObject({ durationMs: 2500, width: 2500 / 3000 });
    expect(bars[2]).toMatchObject({ durationMs: 2200 });
  });

  it('marks the longest leaf as the slowest, not the parent that holds it', () => {
    const { bars } = layoutTimeline(
      [
        item('agent', { start: 0, end: 10_000, leaf: false }),
        item('search', { parentId: 'agent', depth: 1, start: 100, end: 4000 }),
        item('fetch', { parentId: 'agent', depth: 1, start: 200, end: 1200 }),
      ],
      20_000,
    );
    expect(bars.filter((bar) => bar.slowest).map((bar) => bar.id)).toEqual(['search']);
  });

  it('marks no slowest among bars of one length, nor one that took no time worth showing', () => {
    const equal = Array.from({ length: 12 }, (_, at) =>
      item(`step-${at}`, { start: at * 1000, end: at * 1000 + 800 + (at % 2) * 40 }),
    );
    expect(layoutTimeline(equal, 20_000).bars.filter((bar) => bar.slowest)).toEqual([]);
    const instant = [item('a', { start: 0, end: 30 }), item('b', { start: 30, end: 40 })];
    expect(layoutTimeline(instant, 100).bars.filter((bar) => bar.slowest)).toEqual([]);
    const clear = [...equal, item('slow', { start: 12_000, end: 14_000 })];
    expect(
      layoutTimeline(clear, 20_000)
        .bars.filter((bar) => bar.slowest)
        .map((bar) => bar.id),
    ).toEqual(['slow']);
  });

  it('marks siblings that ran at the same time as parallel, and no others', () => {
    const { bars } = layoutTimeline(
      [
        item('agent', { start: 0, end: 1000, leaf: false }),
        item('search', { parentId: 'agent', start: 100, end: 500 }),
        item('fetch', { parentId: 'agent', start: 300, end: 800 }),
        item('cite', { parentId: 'agent', start: 800, end: 900 }),
      ],
      1000,
    );
    expect(bars.filter((bar) => bar.parallel).map((bar) => bar.id)).toEqual(['search', 'fetch']);
  });

  it('leaves items with no time off the axis, said so in words', () => {
    const { bars } = layoutTimeline([item('old'), item('new', { start: 5, end: 10 })], 100);
    expect(bars[0]).toMatchObject({ timed: false, width: 0 });
    expect(barText(bars[0] as never)).toBe('old, tool call, no time recorded');
  });

  it('keeps every bar inside the axis and one slowest at most', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 40 }), fc.integer({ min: 0, max: 20_000 }), (spans, later) => {
        const items = itemsOf(spans);
        const now = 1_000_000 + 15_000 + later;
        const { bars } = layoutTimeline(items, now);
        for (const bar of bars) {
          expect(bar.offset).toBeGreaterThanOrEqual(0);
          expect(bar.width).toBeGreaterThanOrEqual(0);
          expect(bar.offset + bar.width).toBeLessThanOrEqual(1 + 1e-9);
        }
        expect(bars.filter((bar) => bar.slowest).length).toBeLessThanOrEqual(1);
        const slowest = bars.find((bar) => bar.slowest);
        if (slowest) expect(bars.every((bar) => bar.durationMs <= slowest.durationMs)).toBe(true);
      }),
    );
  });

  it('marks a bar parallel exactly when it shares time with a sibling', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 30 }), (spans) => {
        const items = itemsOf(spans);
        const now = 1_000_000 + 16_000;
        const { bars } = layoutTimeline(items, now);
        const spanOf = (bar: (typeof bars)[number]) => ({
          start: bar.start as number,
          end: bar.end ?? now,
        });
        for (const bar of bars) {
          const expected = bars.some(
            (other) => other !== bar && other.parentId === bar.parentId && overlaps(spanOf(bar), spanOf(other)),
          );
          expect(bar.parallel).toBe(expected);
        }
      }),
    );
  });
});

describe('barText', () => {
  it('reads a bar as a person hears it', () => {
    const { bars } = layoutTimeline(
      [
        item('web_search', { start: 300, end: 1500 }),
        item('fetch_page', { start: 400, end: 900 }),
        item('approve', { kind: 'tool call', start: 0, waiting: true }),
      ],
      1500,
    );
    expect(bars.map(barText)).toEqual([
      'web_search, tool call, 1.2 s, started at +0.3 s, in parallel, slowest',
      'fetch_page, tool call, 0.5 s, started at +0.4 s, in parallel',
      'approve, tool call, 1.5 s, started at +0.0 s, waiting for you, in parallel',
    ]);
  });
});
