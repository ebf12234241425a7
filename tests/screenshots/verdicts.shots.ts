import { test, expect } from '@playwright/test';
import { openWorkflows, signIn, workflows } from '../e2e/support';

// The README's picture of verdicts: a batch against its baseline, three rows judged from the keyboard (one with a
// note), the win rate and pass rate above the rows, and the verdict filter and threshold beside the change filter.

const shot = (name: string) => ({ path: `docs/${name}.png`, animations: 'disabled' as const });

test('a comparison judged row by row', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'analyst');
  const batches = [
    ['Revenue fell by four percent.', 'Costs rose sharply in the third quarter.', 'The board meets in May.'],
    [
      'Revenue fell by four percent.',
      'Costs rose sharply in the third quarter. Staff costs led, then energy and rent.',
      'The board meets in May.',
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
  const rows = page.getByRole('table', { name: 'Rows of the batch' });
  await rows.getByRole('row', { name: 'Row 1', exact: true }).focus();
  for (const key of ['1', 'j', '1', 'j', '2']) await page.keyboard.press(key);
  await page.getByRole('button', { name: 'Compare against a baseline…' }).click();
  await page
    .getByRole('group', { name: 'Compare against a baseline' })
    .getByRole('button', { name: 'Compare' })
    .click();
  const table = page.getByRole('table', { name: /^Batch “prompt v2” against the baseline/ });
  await table.getByRole('row', { name: 'Row 1', exact: true }).focus();
  for (const key of ['2', 'j', '1', 'j', '3']) await page.keyboard.press(key);
  await page.getByRole('button', { name: 'Add a note on Row 3' }).click();
  await page.getByRole('textbox', { name: 'Note on Row 3' }).fill('drops the date of the meeting');
  await page.keyboard.press('Enter');
  await page.keyboard.press('k');
  await expect(page.getByRole('status', { name: /^Verdicts on the / })).toContainText('Win rate 33 %');
  // The picture is of the rows: the duration distribution above them is folded, the rates at the top.
  await page.locator('summary', { hasText: 'Duration change per row' }).click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('status', { name: /^Verdicts on the / }).evaluate((rates) => rates.scrollIntoView());
  await page.locator('.batch-compare-scroll').evaluateAll((boxes) => boxes.forEach((box) => box.scrollTo(0, 0)));
  await page.screenshot(shot('batch-verdicts'));
});
