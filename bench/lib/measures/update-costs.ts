// Each screen update's main-thread time while one answer streams, for the figures in the shape the field publishes:
// the p95 of an update at a fixed chunk rate (svelte-markdown's 30 chunks/s) and the update that applies the last
// chunk of a long answer (astryx's 132,000 characters). After each painted update the probe calls a CDP binding and
// the driver reads the main thread's task time (Performance.getMetrics): an update's time is the task time between
// its paint and the previous one's, so it holds all the main thread did for it (applying it, style, layout, paint),
// the probe's own small share included, as the per-update rows of ./stream-measure.ts do.
import type { CDPSession, Page } from '@playwright/test';
import { median, quantile } from '../stats';
import { taskTimes } from './stream-measure';

/** Read after a painted update: the page's updates so far, the main thread's task time, whether the end was shown. */
export interface UpdateSnapshot {
  updates: number;
  taskMs: number;
  end: boolean;
}

export interface UpdateCosts {
  /** Updates timed, from the first after the pointer rested to the one that showed the end marker. */
  samples: number;
  medianMs: number;
  p95Ms: number;
  /** The update that showed the answer's last chunk (its end marker). */
  lastChunkMs: number;
}

/**
 * One time per painted update, from consecutive snapshots up to the one that showed the end marker (the end of the
 * stream, held back by the server, is not an update of the stream). Where two updates fell before one paint, each
 * counts as half of the time between them.
 */
export function updateCosts(snapshots: readonly UpdateSnapshot[]): UpdateCosts {
  const endAt = snapshots.findIndex((snapshot) => snapshot.end);
  const upTo = endAt >= 0 ? snapshots.slice(0, endAt + 1) : snapshots;
  const [beforeIt, lastChunk] = endAt > 0 ? [snapshots[endAt - 1], snapshots[endAt]] : [];
  const times: number[] = [];
  for (let index = 1; index < upTo.length; index += 1) {
    const [before, after] = [upTo[index - 1], upTo[index]];
    if (!before || !after || after.updates <= before.updates) continue;
    times.push((after.taskMs - before.taskMs) / (after.updates - before.updates));
  }
  return {
    samples: times.length,
    medianMs: median(times),
    p95Ms: quantile(times, 0.95),
    lastChunkMs:
      lastChunk && beforeIt && lastChunk.updates > beforeIt.updates
        ? (times[times.length - 1] ?? Number.NaN)
        : Number.NaN,
  };
}

/**
 * Times each update from `start` (called once the answer shows, e.g. with the pointer resting on it) until the end
 * marker is painted.
 */
export async function measureUpdates(
  page: Page,
  cdp: CDPSession,
  ask: () => Promise<void>,
  start: () => Promise<void>,
  timeoutMs: number,
): Promise<UpdateCosts> {
  await cdp.send('Performance.enable');
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: '__benchUpdate' });
  const snapshots: UpdateSnapshot[] = [];
  const read = ({ name, payload }: { name: string; payload: string }) => {
    if (name !== '__benchUpdate') return;
    const [updates = Number.NaN, end = 0] = payload.split(' ').map(Number);
    void taskTimes(cdp).then(({ task }) => snapshots.push({ updates, taskMs: task, end: end === 1 }));
  };
  cdp.on('Runtime.bindingCalled', read);
  try {
    await page.evaluate(() => window.__bench.reset());
    await ask();
    await start();
    await page.evaluate(() => (window.__bench.perUpdate = true));
    await page.waitForFunction(() => window.__bench.markers.some((marker) => marker.end), undefined, {
      timeout: timeoutMs,
      polling: 250,
    });
    // The last snapshot is taken asynchronously: give it a moment.
    await page.waitForTimeout(300);
  } finally {
    cdp.off('Runtime.bindingCalled', read);
  }
  return updateCosts(snapshots);
}
