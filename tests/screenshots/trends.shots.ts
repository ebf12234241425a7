import { test, expect } from '@playwright/test';
import { openWorkflows, signIn, workflows } from '../e2e/support';

// The README's picture of a workflow's batches page: three batches of Summarize document, the later ones with
// longer inputs (slower, more tokens), one row judged Fail, in the light theme and the dark one.

const shot = (name: string) => ({ path: `docs/${name}.png`, animations: 'disabled' as const, fullPage: true });

test('a workflow’s batches and their trend', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'analyst');
  const batches = [
    ['Revenue fell.', 'Costs rose.', 'The board meets in May.'],
    ['Revenue fell by four percent.', 'Costs rose sharply in the third quarter.', 'The board meets in May.'],
    [
      'Revenue fell by four percent, the first fall in six years.',
      'Costs rose sharply in the third quarter. Staff costs led, then energy and rent.',
      'The board meets in May to decide on the dividend and the new plant.',
    ],
  ];
  for (const [at, lines] of batches.entries()) {
    await openWorkflows(page);
    await page.getByRole('combobox', { name: 'Workflow', exact: true }).fill(workflows.summarize.name);
    await page.getByRole('option', { name: workflows.summarize.name, exact: true }).click();
    await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'Batch' }).click();
    const batch = page.getByRole('form', { name: `Batch of ${workflows.summarize.name}` });
    await batch.getByLabel('One input per line').fill(lines.join('\n'));
    await batch.getByRole('textbox', { name: 'Batch name' }).fill(`prompt v${at + 1}`);
    await batch.getByRole('button', { name: 'Start 3 runs' }).click();
    await expect(page.locator('.batch-counts')).toContainText('3 succeeded', { timeout: 40_000 });
  }
  await page.getByRole('group', { name: 'Verdict on Row 3' }).getByRole('button', { name: 'Fail' }).click();
  await page.getByRole('link', { name: `batches of ${workflows.summarize.name}` }).click();
  await expect(page.getByRole('table', { name: /^Batches, newest first/ }).locator('tbody tr')).toHaveCount(3);
  await expect(page.locator('.trend-chart-canvas canvas')).toHaveCount(3);
  await page.screenshot(shot('workflow-trends'));
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await page.waitForTimeout(300);
  await page.screenshot(shot('workflow-trends-dark'));
});
