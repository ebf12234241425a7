// Traces of the run itself, taken once after the measured runs (a trace costs the page time, so nothing measured
// is traced): the long answer streamed again with Chromium tracing from the question into its first tenth and
// from a given size to a moment after its end, and a long conversation's cold load traced until it is usable. What the main thread did in each (./measures/
// trace-breakdown.ts) goes under the table, for the "why" of each missed target.
import type { Page } from '@playwright/test';
import { ask, restPointerOnAnswer, waitForAnswerDone } from './console-steps';
import { timeToUsable } from './measures/page-measures';
import { breakdown, markAt, type Breakdown, type TraceEvent } from './measures/trace-breakdown';
import { importConversation, withPage, type Side } from './scenarios';
import { seedQuestion } from './seed-turns';

const categories = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'blink.user_timing',
];

async function traced<T>(page: Page, body: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('a trace needs the browser the page runs in');
  await browser.startTracing(page, { categories });
  const outcome = await body().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const buffer = await browser.stopTracing();
  if (!outcome.ok) throw outcome.error;
  const result = outcome.value;
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return { result, events: Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []) };
}

export interface StreamTrace {
  /** From the question to the paint of `startKb` of the answer (where the first long tasks fall). */
  start: Breakdown | null;
  /** From `fromKb` to the paint of the end marker. */
  streaming: Breakdown | null;
  /** Screen updates in that window. */
  updates: number;
  /** From `fromKb` to two seconds after the end (the end of an answer is handled once, in one task or more). */
  whole: Breakdown | null;
}

/**
 * The long answer again, the pointer resting on it, traced twice: from the question to `startKb` into it (the answer's
 * first paints and what loads with them), and from `fromKb` until 2 s after its end.
 */
export async function traceStream(
  side: Side,
  question: string,
  { startKb, fromKb }: { startKb: number; fromKb: number },
  timeoutMs: number,
): Promise<StreamTrace> {
  const reached = (page: Page, kb: number) =>
    page.waitForFunction((offset) => window.__bench.markers.some((marker) => marker.offset >= offset), kb * 1024, {
      timeout: timeoutMs,
      polling: 100,
    });
  return withPage(side, 'traced-stream', async ({ page }) => {
    await page.evaluate(() => window.__bench.reset());
    // A trace that fails is left out; the other one is still taken, of the question asked here if it was not yet.
    let asked = false;
    const opening = await traced(page, async () => {
      await ask(page, question);
      asked = true;
      await restPointerOnAnswer(page, timeoutMs);
      await reached(page, startKb);
    }).then(
      ({ events }) => breakdown(events),
      () => null,
    );
    if (!opening) {
      if (!asked) await ask(page, question);
      await restPointerOnAnswer(page, timeoutMs);
    }
    await reached(page, fromKb);
    const { result, events } = await traced(page, async () => {
      const before = await page.evaluate(() => window.__bench.updates);
      await page.waitForFunction(() => window.__bench.endUpdates !== null, undefined, {
        timeout: timeoutMs,
        polling: 250,
      });
      if (side.console) await waitForAnswerDone(page, timeoutMs);
      await page.waitForTimeout(2000);
      return (await page.evaluate(() => window.__bench.endUpdates ?? Number.NaN)) - before;
    });
    return {
      start: opening,
      streaming: breakdown(events, undefined, markAt(events, 'bench:answer-end')),
      updates: result,
      whole: breakdown(events),
    };
  });
}

/** A conversation of `turns` turns imported, then one cold load of it traced until it is usable. */
export async function traceLoad(side: Side, turns: number, timeoutMs: number): Promise<Breakdown | null> {
  return withPage(side, `traced-turns-${turns}`, async ({ page }) => {
    const url = await importConversation(page, turns, timeoutMs);
    const { result, events } = await traced(page, () => timeToUsable(page, url, seedQuestion(turns - 1), timeoutMs));
    // Usable is timed from the document's navigation start (its performance.now()), and marked when reached.
    const usableAt = markAt(events, 'bench:usable');
    return usableAt === undefined ? null : breakdown(events, usableAt - result.ms * 1000, usableAt);
  });
}
