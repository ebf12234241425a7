// The console's start as a person meets it: back from the identity provider's sign-in form until the message box
// takes input, and a reload of a conversation until its text shows, with the layout's moves counted meanwhile. The
// console alone (the baseline page has no sign-in and no saved conversations to reopen).
import type { Browser, Page } from '@playwright/test';
import { installBootProbe, type BootProbe, type BootSample } from './boot-probe';
import { ask, benchAssistant, pickAssistant, waitForAnswerDone } from '../console-steps';
import { median } from '../stats';

export interface BootTimes {
  /** The identity provider's sign-in form sent → the message box takes input (the provider's redirects included). */
  signInFormMs: number;
  /** Sign-in callback's navigation start → the message box takes input. */
  signInMs: number;
  /** Reload's navigation start → the conversation's text shows (median of the reloads). */
  reloadTextMs: number;
  /** Reload's navigation start → the message box takes input (median of the reloads). */
  reloadComposerMs: number;
  /** Moves of the rail's first conversation, the Workflows link or the message box after they first showed (all reloads). */
  jumps: number;
}

/** How many times a tracked element moved after it first showed (appearing is not a move, nor leaving). */
export function movesIn(samples: readonly BootSample[]): number {
  let moves = 0;
  for (const key of ['railTop', 'workflowsTop', 'composerTop'] as const) {
    let seen: number | null = null;
    for (const sample of samples) {
      const value = sample[key];
      if (value === null) continue;
      if (seen !== null && value !== seen) moves += 1;
      seen = value;
    }
  }
  return moves;
}

/** Waits for the message box (and the wanted text, with `text`) to show, then reads the probe. */
async function probeResult(page: Page, { text }: { text: boolean }, timeoutMs: number): Promise<BootProbe> {
  await page.waitForFunction(
    (withText) => window.__boot?.composerAt != null && (!withText || window.__boot.textAt !== null),
    text,
    { timeout: timeoutMs, polling: 100 },
  );
  // The server's answers (its list, the conversation) land after the first paint: their effect on the layout counts.
  await page.waitForTimeout(2000);
  return page.evaluate(() => window.__boot);
}

/**
 * Signs in through the form, asks one question in a new conversation, then reloads it `reloads` times. As the viewer:
 * the bench's other measures leave the analyst conversations made in other browsers, which this one has never seen
 * and which the server's list brings in after the first paint; the viewer's are all made here.
 */
export async function bootTimes(browser: Browser, consoleUrl: string, reloads: number, timeoutMs: number) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await context.addInitScript(installBootProbe);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(consoleUrl);
    await page.evaluate(() => sessionStorage.setItem('bench:boot-text', '\u0000 no turn has this'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill('viewer');
    await page.getByLabel('Password').fill('viewer');
    // Wall clocks, the bench's and the page's: the form is sent from the provider's page, the message box shows in the
    // console's callback page (whose performance.now() starts at its own navigation).
    const sentAt = Date.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = await probeResult(page, { text: false }, timeoutMs);
    const callbackOrigin = await page.evaluate(() => performance.timeOrigin);
    await pickAssistant(page, benchAssistant.name);
    const question = `bench reload ${Date.now()}`;
    await ask(page, `${question} rate=20000 size=2000`);
    await waitForAnswerDone(page, timeoutMs);
    await page.waitForURL((address) => /\/chat\/[^/]+$/.test(address.pathname));
    const texts: number[] = [];
    const composers: number[] = [];
    let jumps = 0;
    for (let reload = 0; reload < reloads; reload += 1) {
      await page.evaluate((text) => sessionStorage.setItem('bench:boot-text', text), question);
      await page.reload({ waitUntil: 'commit' });
      const probe = await probeResult(page, { text: true }, timeoutMs);
      texts.push(probe.textAt ?? Number.NaN);
      composers.push(probe.composerAt ?? Number.NaN);
      jumps += movesIn(probe.samples);
    }
    return {
      signInFormMs: signedIn.composerAt === null ? Number.NaN : callbackOrigin + signedIn.composerAt - sentAt,
      signInMs: signedIn.composerAt ?? Number.NaN,
      reloadTextMs: median(texts),
      reloadComposerMs: median(composers),
      jumps,
    } satisfies BootTimes;
  } finally {
    await context.close();
  }
}
