// The Inspector as a network panel: one line per call, DevTools' tabs, a stream as a timeline, a resizable split.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  ask,
  callRows,
  headerAssistants,
  lastStatus,
  openDetails,
  openWorkflows,
  pickAssistant,
  signIn,
} from './support';

const detail = (page: Page) => page.getByRole('article', { name: 'Request details' });
const rows = callRows;

/** Asks General Assistant (streamed) and opens the answer's call in the Inspector. */
async function openStreamedCall(page: Page, question: string): Promise<void> {
  await pickAssistant(page, 'General Assistant');
  await ask(page, question);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await (await openDetails(page)).getByRole('link', { name: /^Request/ }).click();
  await expect(detail(page).getByRole('heading', { level: 2 })).toContainText('/model');
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect.soft(serious, `axe on ${screen}`).toEqual([]);
}

test('at least 12 calls fit in a 900 px high window, one line each, their paths below the API base', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'analyst');
  // Each assistant picked is read once, and the workflows screen lists its own: with two answers, a page of calls.
  for (const name of [
    'Research Agent',
    'Slow Storyteller',
    'Finance Auditor',
    'Broken Assistant',
    headerAssistants.inspector.name,
    headerAssistants.tenant.name,
    'General Assistant',
  ])
    await pickAssistant(page, name);
  for (const question of [
    'Explain request ids in one line, please, with a long question so the path is long enough',
    'And trace ids?',
  ]) {
    await ask(page, question);
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  }
  await openWorkflows(page);
  await page.getByRole('link', { name: 'Inspector', exact: true }).first().click();
  await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(12);
  // Ids the console knows are named, and the base every call shares is left out of the row (the detail keeps it).
  const assistantCall = rows(page).filter({ hasText: 'POST /v1/assistants/«General Assistant»/model' }).first();
  await expect(assistantCall).toBeVisible();
  await expect(callRows(page).first()).toBeVisible();
  await expect(callRows(page).filter({ hasText: '/code-assistant-api' })).toHaveCount(0);
  const heights = await rows(page).evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect().height),
  );
  expect(Math.max(...heights), 'row height').toBeLessThanOrEqual(36);
  const inWindow = await rows(page).evaluateAll(
    (elements) => elements.filter((element) => element.getBoundingClientRect().bottom <= window.innerHeight).length,
  );
  expect(inWindow, 'rows wholly inside the window').toBeGreaterThanOrEqual(12);

  await assistantCall.getByRole('link').click();
  await expect(detail(page).getByRole('heading', { level: 2 })).toContainText(
    'http://localhost:4173/code-assistant-api/v1/assistants/',
  );
});

test('the detail’s tabs work by keyboard, stay chosen from call to call, and are in the address', async ({ page }) => {
  await signIn(page, 'analyst');
  await openStreamedCall(page, 'Hello');
  const tabs = detail(page).getByRole('tablist', { name: 'Call details' });
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText('Headers');
  await expect(detail(page).getByRole('table', { name: 'Request headers' })).toContainText('Bearer $ACCESS_TOKEN');

  await tabs.getByRole('tab', { name: 'Headers' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Payload' })).toHaveAttribute('aria-selected', 'true');
  await expect(detail(page).getByLabel('Request body')).toContainText('"stream": true');
  await expect(page).toHaveURL(/tab=payload/);
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Timing' })).toHaveAttribute('aria-selected', 'true');
  const timing = detail(page).getByRole('table', { name: 'Timing' });
  await expect(timing.getByRole('row', { name: /time to first byte/ })).toContainText(/[\d,]+ ms/);
  await expect(timing.getByRole('row', { name: /^Total/ })).toContainText(/[\d,]+ ms/);
  await expect(
    detail(page).getByRole('img', { name: /^Waterfall: waiting [\d,]+ ms, receiving [\d,]+ ms$/ }),
  ).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'Response' })).toHaveAttribute('aria-selected', 'true');

  // Another call opens on the same tab, and the address names it, so a reload keeps it.
  await rows(page).filter({ hasText: 'GET ' }).first().getByRole('link').click();
  await expect(detail(page).getByRole('heading', { level: 2 })).toContainText('GET ');
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText('Response');
  await expect(page).toHaveURL(/tab=response/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Inspector', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/tab=response/);
});

test('a streamed answer’s chunks read as a timeline with offsets, and one opens as pretty JSON', async ({ page }) => {
  // Three axe passes over a page holding the whole chunk timeline: slow on a busy machine, not a hang.
  test.slow();
  await signIn(page, 'analyst');
  await openStreamedCall(page, 'Tell me about otters');
  await detail(page).getByRole('tab', { name: 'Response' }).click();
  const timeline = detail(page).getByRole('list', { name: 'Stream chunks' });
  const chunks = timeline.getByRole('listitem');
  await expect(chunks.first()).toBeVisible();
  expect(await chunks.count()).toBeGreaterThan(2);
  const offsets = await timeline.locator('.chunk-offset').allTextContents();
  for (const offset of offsets) expect(offset).toMatch(/^\+\d+\.\d{3} s$/);
  const seconds = offsets.map((offset) => Number(offset.slice(1, -2)));
  expect(seconds, 'offsets in arrival order').toEqual([...seconds].sort((a, b) => a - b));
  const kinds = await timeline.locator('.chunk-kind').allTextContents();
  expect(kinds).toContain('text');
  expect(kinds).toContain('last');

  const textChunk = chunks.filter({ has: page.locator('.chunk-kind', { hasText: /^text$/ }) }).first();
  await textChunk.locator('summary').click();
  const json = await textChunk.locator('pre').innerText();
  expect(json).toMatch(/^\{\n {2}"/);
  expect(JSON.parse(json)).toHaveProperty('generated_chunk');
  await expectAccessible(page, 'the stream timeline, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'the stream timeline, dark');
  await detail(page).getByRole('tab', { name: 'Timing' }).click();
  await expectAccessible(page, 'the timing tab, dark');
});

test('the split between calls and details resizes by keyboard and is remembered after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'analyst');
  await openStreamedCall(page, 'Hello');
  const listWidth = () =>
    page.locator('.inspector-list').evaluate((element) => Math.round(element.getBoundingClientRect().width));
  const handle = page.getByRole('separator', { name: 'Call list width' });
  const before = Number(await handle.getAttribute('aria-valuenow'));
  const widthBefore = await listWidth();
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before - 10));
  await expect.poll(listWidth).toBeLessThan(widthBefore - 50);
  const narrowed = await listWidth();
  await page.reload();
  await expect(handle).toHaveAttribute('aria-valuenow', String(before - 10));
  await expect.poll(listWidth).toBe(narrowed);
});
