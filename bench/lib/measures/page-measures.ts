// Measures on a page already set up: heap after GC, time to usable, key → paint, click → settled paint.
import type { CDPSession, Page } from '@playwright/test';
import { median, quantile } from '../stats';
import { workersHeapBytes } from './worker-heaps';

/** The used JS heap of the page and of its workers apart, after full garbage collections, in MB. */
export interface HeapParts {
  pageMb: number;
  workersMb: number;
  /** Of the workers', the console's highlighter worker (named `highlighter`; 0 when it is not running). */
  highlighterMb: number;
}

export async function heapParts(cdp: CDPSession): Promise<HeapParts> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const mb = 1024 * 1024;
  const workers = await workersHeapBytes(cdp);
  return {
    pageMb: usedSize / mb,
    workersMb: workers.total / mb,
    highlighterMb: (workers.byName.get('highlighter') ?? 0) / mb,
  };
}

/** Used JS heap of the page and its workers after full garbage collections, in MB. */
export async function heapMb(cdp: CDPSession): Promise<number> {
  const { pageMb, workersMb } = await heapParts(cdp);
  return pageMb + workersMb;
}

export interface Usable {
  /** From navigation start to the first paint with the last turn shown and the message box ready. */
  ms: number;
  /** `article` elements (turns) mounted then, and one second later. */
  rows: number;
  rowsSettled: number;
  elements: number;
}

/** Opens `url` and times it until the turn asking `lastQuestion` shows and the message box takes input. */
export async function timeToUsable(page: Page, url: string, lastQuestion: string, timeoutMs: number): Promise<Usable> {
  await page.evaluate((question) => sessionStorage.setItem('bench:usable', question), lastQuestion);
  await page.goto(url, { waitUntil: 'commit' });
  // Never usable (the last turn never shown) is a result, not a crash: the metric stays n/a.
  const reached = await page
    .waitForFunction(() => window.__bench.usable !== null, undefined, { timeout: timeoutMs, polling: 100 })
    .then(
      () => true,
      () => false,
    );
  if (!reached) {
    const rows = await page.evaluate(() => document.querySelectorAll('article').length);
    return {
      ms: Number.NaN,
      rows,
      rowsSettled: rows,
      elements: await page.evaluate(() => document.getElementsByTagName('*').length),
    };
  }
  await page.waitForTimeout(1000);
  return page.evaluate(() => {
    const usable = window.__bench.usable ?? { at: Number.NaN, articles: Number.NaN, elements: Number.NaN };
    return {
      ms: usable.at,
      rows: usable.articles,
      rowsSettled: document.querySelectorAll('article').length,
      elements: usable.elements,
    };
  });
}

export interface Typing {
  medianMs: number;
  p95Ms: number;
  /** Longest event the Event Timing API reported (keydown, keypress, input…; 0 when none took 16 ms or more). */
  slowestEventMs: number;
  keys: number;
}

/** Types into the message box as a person would and reads keydown → next paint for every key. */
export async function typingLatency(page: Page, text: string): Promise<Typing> {
  const box = page.getByLabel('Message');
  await box.click();
  await page.waitForTimeout(300);
  await page.evaluate(() => window.__bench.reset());
  await page.keyboard.type(text, { delay: 80 });
  await page.waitForTimeout(500);
  const { keyLatencies, slowEvents } = await page.evaluate(() => ({
    keyLatencies: window.__bench.keyLatencies,
    slowEvents: window.__bench.slowEvents,
  }));
  await box.fill('');
  const keyEvents = slowEvents.filter((event) => /^key|^input|^beforeinput/.test(event.name));
  return {
    medianMs: median(keyLatencies),
    p95Ms: quantile(keyLatencies, 0.95),
    slowestEventMs: Math.max(0, ...keyEvents.map((event) => event.duration)),
    keys: keyLatencies.length,
  };
}

/**
 * Clicks `button` and times it until the paint after the last DOM change of the burst it caused (a change
 * followed by 500 ms of quiet ends the burst), so work deferred past the first frame is counted too.
 */
export async function clickToSettled(page: Page, click: () => Promise<void>): Promise<number> {
  await page.evaluate(() => window.__bench.reset());
  await click();
  let paints: number[] = [];
  let clicked = 0;
  for (let waited = 0; waited < 15_000; waited += 250) {
    await page.waitForTimeout(250);
    ({ paints, clicked } = await page.evaluate(() => ({
      paints: window.__bench.mutationPaints,
      clicked: window.__bench.lastClick,
    })));
    const lastPaint = paints[paints.length - 1];
    const now = await page.evaluate(() => performance.now());
    if (lastPaint !== undefined && now - lastPaint > 600) break;
  }
  let settled = Number.NaN;
  for (const paint of paints.filter((time) => time >= clicked)) {
    if (!Number.isNaN(settled) && paint - settled > 500) break;
    settled = paint;
  }
  return settled - clicked;
}
