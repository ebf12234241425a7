// Where each bar of a timeline goes: pure arithmetic on start and end times, shared by thought trees and runs.

/** One node or state with its times (milliseconds since the epoch), before layout. */
export interface TimedItem {
  readonly id: string;
  /** The item it is nested under; null at the top. */
  readonly parentId: string | null;
  readonly depth: number;
  readonly label: string;
  /** In words: "tool call", "agent", "state". */
  readonly kind: string;
  /** Absent: no time is known for it (a saved turn from before times were kept). */
  readonly start?: number;
  /** Absent while it runs or waits: drawn to now. */
  readonly end?: number;
  readonly running: boolean;
  /** Paused for a person: an approval, a question, a form. */
  readonly waiting: boolean;
  /** A running tool that has sent nothing for a while. */
  readonly silent: boolean;
  /** A tool call paused for the person, and what they decided: its wait is drawn as such, a denial is no success. */
  readonly decision?: { readonly action: 'allow' | 'deny'; readonly waitStart?: number; readonly waitEnd: number };
  readonly failed: boolean;
  /** Has no children: only leaves compete for "slowest" (a parent lasts as long as its slowest part anyway). */
  readonly leaf: boolean;
}

export interface TimelineBar extends TimedItem {
  readonly timed: boolean;
  /** Where the bar starts and how wide it is, as fractions of the axis (0..1). */
  readonly offset: number;
  readonly width: number;
  /** From the axis's start, and how long (to now while it runs). */
  readonly startMs: number;
  readonly durationMs: number;
  readonly slowest: boolean;
  /** Overlaps a sibling in time: work that ran side by side. */
  readonly parallel: boolean;
  /** The part of the bar spent waiting for the person (fractions of the axis), where a decision ended a pause. */
  readonly wait?: { readonly offset: number; readonly width: number; readonly ms: number };
}

export interface TimelineLayout {
  readonly bars: readonly TimelineBar[];
  /** The axis's length in milliseconds (at least 1). */
  readonly spanMs: number;
}

/** The slowest bar is marked only from this long (it reads "0.1 s" at least)… */
const slowestAtLeastMs = 100;
/** …and only when this many times as long as the next slowest. */
const slowerBy = 1.25;

/** The time a decided call waited for the person, within its bar. */
function waitOf(item: TimedItem): { start: number; ms: number } | undefined {
  const decision = item.decision;
  if (!decision || item.start === undefined) return undefined;
  const start = Math.max(item.start, decision.waitStart ?? item.start);
  const ms = decision.waitEnd - start;
  return ms > 0 ? { start, ms } : undefined;
}

function waitBar(item: TimedItem, origin: number, spanMs: number): Pick<TimelineBar, 'wait'> {
  const wait = waitOf(item);
  return wait ? { wait: { offset: (wait.start - origin) / spanMs, width: wait.ms / spanMs, ms: wait.ms } } : {};
}

const endOf = (item: TimedItem, now: number): number | undefined =>
  item.start === undefined
    ? undefined
    : Math.max(item.start, item.end ?? (item.running || item.waiting ? now : item.start));

/** The ids of items that share some time with a sibling (touching ends do not count): per parent, a sweep by start. */
function parallelIds(items: readonly TimedItem[], now: number): Set<string> {
  const groups = new Map<string | null, { id: string; start: number; end: number }[]>();
  for (const item of items) {
    const end = endOf(item, now);
    if (item.start === undefined || end === undefined) continue;
    const group = groups.get(item.parentId) ?? [];
    group.push({ id: item.id, start: item.start, end });
    groups.set(item.parentId, group);
  }
  const found = new Set<string>();
  for (const group of groups.values()) {
    group.sort((a, b) => a.start - b.start);
    let reach: { id: string; end: number } | undefined;
    for (const span of group) {
      if (reach && span.start < reach.end && span.end > span.start) {
        found.add(span.id);
        found.add(reach.id);
      }
      if (!reach || span.end > reach.end) reach = { id: span.id, end: span.end };
    }
  }
  return found;
}

/**
 * The bars of a timeline at `now`: offsets and widths on one shared axis from the earliest start to the latest end
 * (or now, while something runs), the slowest leaf marked, siblings that ran at the same time marked parallel.
 */
export function layoutTimeline(items: readonly TimedItem[], now: number): TimelineLayout {
  let origin = Infinity;
  let finish = -Infinity;
  for (const item of items) {
    const end = endOf(item, now);
    if (item.start === undefined || end === undefined) continue;
    origin = Math.min(origin, item.start);
    finish = Math.max(finish, end);
  }
  if (origin === Infinity) origin = finish = now;
  const spanMs = Math.max(1, finish - origin);
  let slowest: { id: string; durationMs: number } | undefined;
  let runnerUpMs = 0;
  for (const item of items) {
    const end = endOf(item, now);
    // Waiting for a person is nobody's slowness: only work competes.
    if (!item.leaf || item.waiting || item.start === undefined || end === undefined) continue;
    const durationMs = end - item.start - (waitOf(item)?.ms ?? 0);
    if (!slowest || durationMs > slowest.durationMs) {
      runnerUpMs = slowest?.durationMs ?? 0;
      slowest = { id: item.id, durationMs };
    } else runnerUpMs = Math.max(runnerUpMs, durationMs);
  }
  // "Slowest" only where it says something: a bar that took a time worth showing (0.1 s or more) and clearly longer
  // than every other (a quarter more than the next), not one of many equal bars.
  const standsOut =
    slowest !== undefined && slowest.durationMs >= slowestAtLeastMs && slowest.durationMs >= runnerUpMs * slowerBy;
  const parallel = parallelIds(items, now);
  const bars = items.map((item): TimelineBar => {
    const end = endOf(item, now);
    const timed = item.start !== undefined && end !== undefined;
    const startMs = timed ? (item.start as number) - origin : 0;
    const durationMs = timed ? (end as number) - (item.start as number) : 0;
    return {
      ...item,
      timed,
      offset: startMs / spanMs,
      width: durationMs / spanMs,
      startMs,
      durationMs,
      // Marked only when there is something to compare with, and when it stands out.
      slowest: standsOut && slowest?.id === item.id && items.length > 1,
      parallel: parallel.has(item.id),
      ...waitBar(item, origin, spanMs),
    };
  });
  return { bars, spanMs };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** What a screen reader says for a bar: "web_search, tool call, 1.2 s, started at +0.3 s, in parallel, slowest". */
export function barText(bar: TimelineBar): string {
  const parts = [bar.label, bar.kind];
  if (bar.timed) parts.push(seconds(bar.durationMs), `started at +${seconds(bar.startMs)}`);
  else parts.push('no time recorded');
  if (bar.decision) parts.push(bar.decision.action === 'allow' ? 'allowed by you' : 'denied by you');
  if (bar.wait) parts.push(`waited ${seconds(bar.wait.ms)} for you`);
  if (bar.waiting) parts.push('waiting for you');
  else if (bar.silent) parts.push('silent tool, still waiting for it');
  else if (bar.running) parts.push('running');
  if (bar.failed) parts.push('failed');
  if (bar.parallel) parts.push('in parallel');
  if (bar.slowest) parts.push('slowest');
  return parts.join(', ');
}
