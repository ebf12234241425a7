import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, assistants, lastStatus, openDetails, pickAssistant, signIn } from './support';

// The local platform streams General Assistant's answer a token per chunk, one every PLATFORM_STREAM_DELAY_MS
// (30 ms, platform/config.ts): about 33 tokens a second.
const paceMs = 30;

/** The stream health line, behind the answer's Details. */
const healthLine = async (page: Page) => (await openDetails(page)).locator('details.stream-health');

/** "1,234 ms" or "1.2 s" as milliseconds. */
const millis = (text: string): number => {
  const value = Number(text.replace(/[^\d.]/g, ''));
  return text.trim().endsWith(' s') ? value * 1000 : value;
};

async function figure(table: Locator, name: string): Promise<string> {
  return (
    await table
      .getByRole('row', { name: new RegExp(`^${name}`) })
      .getByRole('cell')
      .innerText()
  ).trim();
}

test('a paced streamed answer shows plausible stream health under it, in the inspector, and again after a reload', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, assistants.general.name);
  await ask(page, 'How do harbours shelter ships from storms?');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });

  // One quiet line under the answer, with its other diagnostics behind Details.
  const line = await healthLine(page);
  await expect(line.locator('summary')).toHaveText(
    /^Stream health: TTFB [\d,]+ ms · first token [\d,.]+ m?s · [\d,]+ tok\/s · max gap [\d,.]+ m?s/,
  );
  const summary = await line.locator('summary').innerText();

  await line.locator('summary').click();
  const table = line.getByRole('table', { name: 'Stream health' });
  await expect(table).toBeVisible();
  const firstByte = millis(await figure(table, 'Time to first byte'));
  const firstToken = millis(await figure(table, 'Time to first token'));
  const rateText = await figure(table, 'Tokens per second');
  const rate = Number(rateText.replace(/,/g, ''));
  const maxGap = millis(await figure(table, 'Longest gap'));
  const tokens = Number((await figure(table, 'Tokens \\(chunks')).replace(/,/g, ''));
  expect(tokens).toBeGreaterThan(50);
  expect(firstToken).toBeGreaterThanOrEqual(firstByte);
  // A wide band around the pace: a loaded machine reads late and in bursts, never faster than it is sent on average.
  expect(rate).toBeGreaterThan(1000 / paceMs / 4);
  expect(rate).toBeLessThan((1000 / paceMs) * 1.5);
  expect(maxGap).toBeGreaterThanOrEqual(paceMs - 2);
  await expect(table.getByRole('row', { name: /^Chunks per frame/ })).toContainText(/[\d.]+ \/ \d+/);
  await expect(table.getByRole('row', { name: /^Render lag/ })).toContainText(/\d+ m?s \/ [\d.]+ m?s/);

  // The same figures on the call in the Inspector's Timing tab.
  await (await openDetails(page)).getByRole('link', { name: /^Request/ }).click();
  const detail = page.getByRole('article', { name: 'Request details' });
  await detail.getByRole('tab', { name: 'Timing' }).click();
  const inspected = detail.getByRole('table', { name: 'Stream health' });
  await expect(inspected).toBeVisible();
  expect(await figure(inspected, 'Tokens per second')).toBe(rateText);
  await page.goBack();

  // Kept with the turn in this browser's database.
  await page.reload();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect((await healthLine(page)).locator('summary')).toHaveText(summary);
});
