// What a person does in the console, as the e2e tests do it (tests/e2e/support.ts), without the test runner.
import type { Page } from '@playwright/test';

export const benchAssistant = { id: 'a1000000-0000-4000-8000-0000000000be', name: 'Bench Streamer' } as const;

/** Signs in through the local identity provider's real login form. */
export async function signIn(page: Page, consoleUrl: string, username = 'analyst'): Promise<void> {
  await page.goto(consoleUrl);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Message').waitFor();
}

export async function pickAssistant(page: Page, name: string): Promise<void> {
  // The assistant picker is a combobox that reads the chosen assistant while closed.
  const field = page.getByRole('combobox', { name: 'Assistant', exact: true });
  if ((await field.inputValue()) === name) return;
  await field.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.waitForFunction(
    (wanted) => document.querySelector<HTMLInputElement>('input[role="combobox"]')?.value === wanted,
    name,
  );
}

export async function ask(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Message');
  await box.fill(text);
  await box.press('Enter');
}

/** Waits until the newest turn is no longer answering (its status, or aria-busy where there is none). */
export async function waitForAnswerDone(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    () => {
      const articles = document.querySelectorAll('article');
      const last = articles[articles.length - 1];
      if (!last) return false;
      const status = last.getAttribute('data-turn-status');
      if (status !== null) return status !== 'sending' && status !== 'streaming';
      return last.querySelector('[aria-busy="true"]') === null;
    },
    undefined,
    { timeout: timeoutMs, polling: 250 },
  );
}

/** Waits until the probe saw the end marker of the answer painted. */
export async function waitForEndMarker(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(() => window.__bench.markers.some((marker) => marker.end), undefined, {
    timeout: timeoutMs,
    polling: 250,
  });
}

/** The end marker painted, or the newest turn ended (the console may show only the start of a huge answer). */
export async function endMarkerOrDone(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    () => {
      if (window.__bench.markers.some((marker) => marker.end)) return true;
      const articles = document.querySelectorAll('article');
      const status = articles[articles.length - 1]?.getAttribute('data-turn-status');
      return status === 'completed' || status === 'stopped' || status === 'interrupted' || status === 'failed';
    },
    undefined,
    { timeout: timeoutMs, polling: 250 },
  );
}

/**
 * Once the answer shows its first marker, rests the pointer on it (the newest turn, in the middle of its visible part),
 * as a person reading it does: the page then does its hover work while the answer grows and scrolls under it.
 */
export async function restPointerOnAnswer(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(() => window.__bench.markers.length > 0, undefined, { timeout: timeoutMs, polling: 50 });
  const point = await page.evaluate(() => {
    const articles = document.querySelectorAll('article');
    const box = articles[articles.length - 1]?.getBoundingClientRect();
    if (!box) return null;
    const [top, bottom] = [Math.max(0, box.top), Math.min(window.innerHeight, box.bottom)];
    return { x: box.left + box.width / 2, y: (top + bottom) / 2 };
  });
  if (!point) throw new Error('no answer to rest the pointer on');
  await page.mouse.move(point.x, point.y);
}
