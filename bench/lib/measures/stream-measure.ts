// One streamed answer, measured while it streams: main-thread time per screen update in windows ending at
// given sizes, frames per second and long tasks, chunk-sent → painted latency from the answer's markers, and the share
// of wall time the main thread is busy from the first window's start to the last window's end.
import type { CDPSession, Page } from '@playwright/test';
import { median, quantile } from '../stats';

export interface Window {
  /** Label: the answer size at the end of the window, in KB. */
  kb: number;
  from: number;
  to: number;
}

export interface WindowResult {
  kb: number;
  scriptMs: number;
  taskMs: number;
  updates: number;
}

export interface StreamResult {
  windows: WindowResult[];
  fps: number;
  longTasks: number;
  longestTaskMs: number;
  /** Where each of those long tasks fell: the answer's size painted when it began (KB), and its length. */
  longTaskAt: LongTaskAt[];
  latencyMedianMs: number;
  latencyP95Ms: number;
  /** Main-thread task time over wall time from the first window's start to the last one's end, 0–1. */
  busyShare: number;
  markers: number;
  seconds: number;
}

export interface LongTaskAt {
  kb: number;
  ms: number;
}

/**
 * Each long task placed in the answer: the offset of the last marker painted by the time the task began (0 before the
 * first), in KB.
 */
export function placeLongTasks(
  tasks: readonly { start: number; duration: number }[],
  painted: readonly { offset: number; at: number }[],
): LongTaskAt[] {
  return tasks.map((task) => {
    const before = painted.filter((marker) => marker.at <= task.start);
    const offset = Math.max(0, ...before.map((marker) => marker.offset));
    return { kb: Math.round((offset / 1024) * 10) / 10, ms: Math.round(task.duration) };
  });
}

interface Snapshot {
  offset: number;
  updates: number;
  script: number;
  task: number;
  /** When the metrics were read (the browser's monotonic clock), ms. */
  at: number;
}

type CheckpointHandler = (offset: number, updates: number) => Promise<void>;
const handlers = new WeakMap<Page, CheckpointHandler>();

/** Lets the probe in `page` report checkpoints to whichever measurement runs there (call once per page). */
export async function exposeCheckpoints(page: Page): Promise<void> {
  await page.exposeFunction('__benchCheckpoint', (offset: number, updates: number) =>
    handlers.get(page)?.(offset, updates),
  );
}

/** The main thread's script and task time so far, and the moment they were read, in ms (Performance.enable first). */
export async function taskTimes(cdp: CDPSession): Promise<{ script: number; task: number; at: number }> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => (list.find((metric) => metric.name === name)?.value ?? Number.NaN) * 1000;
  return { script: value('ScriptDuration'), task: value('TaskDuration'), at: value('Timestamp') };
}

/** The share of wall time between two readings that the main thread spent in tasks, 0–1. */
export const busyShare = (from: { task: number; at: number }, to: { task: number; at: number }): number =>
  to.at > from.at ? (to.task - from.task) / (to.at - from.at) : Number.NaN;

/**
 * Windows ending at each size, each `width` wide (at most half the size). None ends within `clear` characters of
 * the answer's end (`answer` characters long): the end of the stream is handled once, not per update, and a
 * window ending there would count it as per-update work.
 */
export const windowsFor = (
  sizesKb: readonly number[],
  widthKb: number,
  answer = Number.POSITIVE_INFINITY,
  clear = 0,
): Window[] =>
  sizesKb.map((kb) => {
    const to = Math.min(kb * 1024, answer - clear);
    return { kb, from: Math.round(to - Math.min(widthKb, kb / 2) * 1024), to };
  });

/** Until the end marker is painted, or (`finished`) the page says the answer ended. */
export async function measureStream(
  page: Page,
  cdp: CDPSession,
  windows: readonly Window[],
  ask: () => Promise<void>,
  finished: (page: Page, timeoutMs: number) => Promise<void>,
  timeoutMs: number,
): Promise<StreamResult> {
  await cdp.send('Performance.enable');
  const snapshots: Snapshot[] = [];
  handlers.set(page, async (offset, updates) => {
    snapshots.push({ offset, updates, ...(await taskTimes(cdp)) });
  });
  const checkpoints = [...new Set(windows.flatMap((window) => [window.from, window.to]))].sort((a, b) => a - b);
  await page.evaluate((list) => {
    window.__bench.reset();
    window.__bench.checkpoints = list;
  }, checkpoints);
  await ask();
  await finished(page, timeoutMs);
  // The last checkpoint's snapshot is taken asynchronously: give it a moment.
  await page.waitForTimeout(300);
  handlers.delete(page);
  // A page that shows only part of a long answer never paints the last markers: its last window ends here.
  const shown = await page.evaluate(() => ({
    offset: Math.max(0, ...window.__bench.markers.map((marker) => marker.offset)),
    updates: window.__bench.updates,
  }));
  const lastSnapshot = snapshots[snapshots.length - 1];
  if (!lastSnapshot || lastSnapshot.offset < shown.offset) snapshots.push({ ...shown, ...(await taskTimes(cdp)) });
  const probe = await page.evaluate(() => {
    const { markers, frames, longTasks } = window.__bench;
    return { markers, frames, longTasks, origin: performance.timeOrigin };
  });

  const at = (offset: number) =>
    snapshots.find((snapshot) => snapshot.offset >= offset) ?? snapshots[snapshots.length - 1];
  const results = windows.map((window): WindowResult => {
    const start = at(window.from);
    const end = at(window.to);
    const updates = start && end && end.offset > start.offset ? end.updates - start.updates : 0;
    return {
      kb: window.kb,
      scriptMs: start && end && updates > 0 ? (end.script - start.script) / updates : Number.NaN,
      taskMs: start && end && updates > 0 ? (end.task - start.task) / updates : Number.NaN,
      updates,
    };
  });

  const [firstWindow, lastWindow] = [windows[0], windows[windows.length - 1]];
  const [busyFrom, busyTo] = [firstWindow && at(firstWindow.from), lastWindow && at(lastWindow.to)];
  const first = probe.markers[0];
  const last = probe.markers.find((marker) => marker.end) ?? probe.markers[probe.markers.length - 1];
  const from = (first?.painted ?? Number.NaN) - probe.origin;
  const to = (last?.painted ?? Number.NaN) - probe.origin;
  const frames = probe.frames.filter((time) => time >= from && time <= to).length;
  const longTasks = probe.longTasks.filter((task) => task.start + task.duration >= from && task.start <= to);
  const latencies = probe.markers.map((marker) => marker.painted - marker.sent);
  return {
    windows: results,
    fps: to > from ? (frames * 1000) / (to - from) : Number.NaN,
    longTasks: longTasks.length,
    longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration)),
    longTaskAt: placeLongTasks(
      longTasks,
      probe.markers.map((marker) => ({ offset: marker.offset, at: marker.painted - probe.origin })),
    ),
    latencyMedianMs: median(latencies),
    latencyP95Ms: quantile(latencies, 0.95),
    busyShare: busyFrom && busyTo ? busyShare(busyFrom, busyTo) : Number.NaN,
    markers: probe.markers.length,
    seconds: (to - from) / 1000,
  };
}
