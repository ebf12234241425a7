// Each measurement as a person would do it, once in the console ("ours") and once in the baseline page.
import type { Browser, CDPSession, Page } from '@playwright/test';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ask,
  benchAssistant,
  endMarkerOrDone,
  pickAssistant,
  restPointerOnAnswer,
  signIn,
  waitForAnswerDone,
  waitForEndMarker,
} from './console-steps';
import {
  clickToSettled,
  heapMb,
  heapParts,
  timeToUsable,
  typingLatency,
  type HeapParts,
  type Typing,
  type Usable,
} from './measures/page-measures';
import { installProbe } from './probe';
import { followWorkers, workerGone } from './measures/worker-heaps';
import { conversationExport, seedQuestion, seedTurns } from './seed-turns';
import { exposeCheckpoints, measureStream, type StreamResult, type Window } from './measures/stream-measure';
import { measureUpdates, type UpdateCosts } from './measures/update-costs';
import {
  batchesPageTimes,
  ownerOf,
  seedBatches,
  type BatchesSize,
  type BatchesTimes,
} from './measures/batches-measure';

const logDir = fileURLToPath(new URL('../dist/logs', import.meta.url));

export interface Side {
  /** 'ours' and 'baseline' in the bench; a commit's name where two consoles are compared (../against.ts). */
  name: string;
  /** The console (signed in, answers end with a status) rather than the baseline page. */
  console: boolean;
  /** A fresh browser context and page, ready for a measurement (signed in, or the baseline with its token). */
  open(): Promise<{ page: Page; cdp: CDPSession; close(): Promise<void> }>;
}

export interface Endpoints {
  consoleUrl: string;
  baselineUrl: string;
  token: string;
}

async function freshPage(browser: Browser): Promise<{ page: Page; cdp: CDPSession; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx names inner functions with a helper that the page does not have.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await exposeCheckpoints(page);
  const cdp = await context.newCDPSession(page);
  await followWorkers(cdp);
  return { page, cdp, close: () => context.close() };
}

type Opened = { page: Page; cdp: CDPSession };

/** Runs `body` on a fresh page of `side`; on failure keeps a screenshot in bench/dist/logs for the reader. */
export async function withPage<T>(side: Side, what: string, body: (opened: Opened) => Promise<T>): Promise<T> {
  const { page, cdp, close } = await side.open();
  try {
    return await body({ page, cdp });
  } catch (error) {
    const file = join(logDir, `failed-${side.name}-${what}.png`);
    await page.screenshot({ path: file, fullPage: false }).catch(() => undefined);
    throw new Error(
      `${side.name}, ${what}: ${error instanceof Error ? error.message : String(error)} (screenshot: ${file})`,
      { cause: error },
    );
  } finally {
    await close();
  }
}

/** A console served at `consoleUrl`, signed in with the assistant of the bench picked. */
export function consoleSide(browser: Browser, name: string, consoleUrl: string): Side {
  return {
    name,
    console: true,
    open: async () => {
      const opened = await freshPage(browser);
      await signIn(opened.page, consoleUrl);
      await pickAssistant(opened.page, benchAssistant.name);
      return opened;
    },
  };
}

export function sides(browser: Browser, endpoints: Endpoints): Side[] {
  return [
    consoleSide(browser, 'ours', endpoints.consoleUrl),
    {
      name: 'baseline',
      console: false,
      open: async () => {
        const opened = await freshPage(browser);
        await opened.page.goto(endpoints.baselineUrl);
        await opened.page.evaluate((token) => sessionStorage.setItem('bench:token', token), endpoints.token);
        await opened.page.getByLabel('Message').waitFor();
        return opened;
      },
    },
  ];
}

/** One long answer streamed at the bench rate, the pointer resting on it; then the heap with it on screen. */
export async function streamOne(
  side: Side,
  question: string,
  windows: readonly Window[],
  timeoutMs: number,
): Promise<StreamResult & { heapMb: number; heap: HeapParts }> {
  return withPage(side, 'stream', async ({ page, cdp }) => {
    const result = await measureStream(
      page,
      cdp,
      windows,
      async () => {
        await ask(page, question);
        await restPointerOnAnswer(page, timeoutMs);
      },
      side.console ? endMarkerOrDone : waitForEndMarker,
      timeoutMs,
    );
    if (side.console) await waitForAnswerDone(page, timeoutMs);
    await page.waitForTimeout(1000);
    // The row is the sum; the parts are kept in the run's JSON (which workers are up when it is read moves the sum).
    const heap = await heapParts(cdp);
    return { ...result, heapMb: heap.pageMb + heap.workersMb, heap };
  });
}

/**
 * Each update's main-thread time while one answer streams (see ./measures/update-costs.ts), timed from when the
 * pointer rests on it to its last chunk.
 */
export async function updatesWhileStreaming(
  side: Side,
  what: string,
  question: string,
  timeoutMs: number,
): Promise<UpdateCosts> {
  return withPage(side, what, ({ page, cdp }) =>
    measureUpdates(
      page,
      cdp,
      () => ask(page, question),
      () => restPointerOnAnswer(page, timeoutMs),
      timeoutMs,
    ),
  );
}

/** Heap after `count` answers streamed one after the other in one conversation. */
export async function manyAnswers(side: Side, question: string, count: number, timeoutMs: number): Promise<number> {
  return withPage(side, 'many-answers', async ({ page, cdp }) => {
    await page.evaluate(() => window.__bench.reset());
    for (let index = 0; index < count; index += 1) {
      await ask(page, `${question} n=${index + 1}`);
      await page.waitForFunction(
        (ends) => window.__bench.markers.filter((marker) => marker.end).length >= ends,
        index + 1,
        { timeout: timeoutMs, polling: 100 },
      );
      if (side.console) await waitForAnswerDone(page, timeoutMs);
    }
    // The highlighter worker (up to ~19 MB: compiled grammars) ends 30 s after its last answer (highlighterIdleMs,
    // src/ui/markdown/code-highlight.ts). The answers' code blocks repeat, so its last answer follows whichever block
    // came near the view first: 1 s after the loop it was up in some runs and gone in others (31 or 50 MB). The heap
    // is read at rest, once it has gone; one that does not end is said, and the row is not produced.
    if (side.console && !(await workerGone(cdp, 'highlighter', 40_000))) {
      console.error('the highlighter worker was still running 40 s after the last answer (it ends after 30 s idle)');
      return Number.NaN;
    }
    await page.waitForTimeout(1000);
    return heapMb(cdp);
  });
}

/** Imports a conversation of `turns` turns into the console and gives back its address. */
export async function importConversation(page: Page, turns: number, timeoutMs: number): Promise<string> {
  const file = conversationExport(seedTurns(turns), benchAssistant, Date.now());
  const before = page.url();
  await page
    .getByLabel('Import a conversation (JSON)')
    .setInputFiles({ name: `bench-${turns}.json`, mimeType: 'application/json', buffer: Buffer.from(file) });
  // The import opens the new conversation at its own address; the cold load of that address is what is timed.
  await page.waitForURL((address) => address.href !== before && /\/chat\/[^/]+$/.test(address.pathname), {
    timeout: timeoutMs,
  });
  await page.locator('article').first().waitFor({ state: 'attached', timeout: timeoutMs });
  return page.url();
}

/** A conversation of `turns` turns opened cold (page loads at its address); then typing in it if asked. */
export async function longConversation(
  side: Side,
  endpoints: Endpoints,
  turns: number,
  typing: string | null,
  timeoutMs: number,
): Promise<{ usable: Usable; typing: Typing | null }> {
  const lastQuestion = seedQuestion(turns - 1);
  return withPage(side, `turns-${turns}`, async ({ page }) => {
    const url = side.console
      ? await importConversation(page, turns, timeoutMs)
      : `${endpoints.baselineUrl}?turns=${turns}`;
    // The median of three cold loads: one load on a 2-core machine varies by ±100 ms from run to run.
    const loads: Usable[] = [];
    for (let load = 0; load < 3; load += 1) loads.push(await timeToUsable(page, url, lastQuestion, timeoutMs));
    const usable =
      [...loads].sort((a, b) => (Number.isNaN(a.ms) ? 1 : Number.isNaN(b.ms) ? -1 : a.ms - b.ms))[1] ?? loads[0];
    if (!usable) throw new Error('no load was timed');
    return { usable, typing: typing === null ? null : await typingLatency(page, typing) };
  });
}

/** "Expand all" on a finished tree of `nodes` thoughts: click → the paint that ends the burst of changes. */
export async function expandAll(side: Side, endpoints: Endpoints, nodes: number, timeoutMs: number): Promise<number> {
  return withPage(side, 'expand-all', async ({ page }) => {
    if (side.console) {
      await ask(page, `bench tree nodes=${nodes}`);
      await waitForAnswerDone(page, timeoutMs);
      const summary = page.getByRole('button', { name: /^(Thoughts|Thinking) ·/ }).last();
      if ((await summary.getAttribute('aria-expanded')) === 'false') await summary.click();
    } else await page.goto(`${endpoints.baselineUrl}?tree=${nodes}`);
    const button = page.getByRole('button', { name: 'Expand all' }).last();
    await button.waitFor({ timeout: timeoutMs });
    await page.waitForTimeout(500);
    return clickToSettled(page, () => button.click());
  });
}

/** A workflow's batches page with `size.count` batches of `size.rows` rows kept in the console's database. */
export async function batchesPage(
  side: Side,
  endpoints: Endpoints,
  size: BatchesSize,
  timeoutMs: number,
): Promise<BatchesTimes> {
  return withPage(side, 'batches', async ({ page }) => {
    await seedBatches(page, ownerOf(endpoints.token), size);
    return batchesPageTimes(page, endpoints.consoleUrl, size, timeoutMs);
  });
}
