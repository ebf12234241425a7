import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './csp';
import { catalogOption, openWorkflows, signIn, workflowField, workflows } from './support';

// Two batches of Summarize document, one row of the first marked Fail: the workflow's batches page lists both, newest
// first, with their pass rate (the verdict counted over the row's status), median duration and tokens, draws the
// three trend charts (the chart library fetched with that page only), draws them again in the other theme, and the
// comparison of the two shows its rows as a distribution of duration change.

/** Runs a CSV batch of the workflow to its end and answers the batch's id (from its page's address). */
async function runCsvBatch(page: Page, workflow: string, inputs: readonly string[], name = ''): Promise<string> {
  await openWorkflows(page);
  await workflowField(page).fill(workflow);
  await catalogOption(page, workflow).click();
  await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'Batch' }).click();
  const form = page.getByRole('form', { name: `Batch of ${workflow}` });
  await form.getByRole('radio', { name: 'CSV file' }).check();
  const csv = ['id,input', ...inputs.map((input, index) => `${index + 1},"${input}"`)].join('\n');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'inputs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(form.getByLabel('Input column')).toHaveValue('1');
  await form.getByRole('textbox', { name: 'Batch name' }).fill(name);
  await form.getByRole('button', { name: `Start ${inputs.length} runs` }).click();
  await expect(page.locator('.batch-counts')).toContainText(`${inputs.length} succeeded`, { timeout: 40_000 });
  const id = /\/workflows\/batches\/([^/?#]+)/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id ?? '';
}

const chartScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /uplot-chart-[^/]*\.js$/.test(name)),
  );

test('a workflow’s batches page draws the trend of its batches, lists their figures, and follows the theme', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'analyst');
  const workflow = workflows.summarize.name;
  await runCsvBatch(page, workflow, ['Alpha is first.', 'Beta is second.']);
  // A person's verdict counts over the row's status: the first batch's second row, succeeded, is marked Fail.
  const fail = page.getByRole('group', { name: 'Verdict on Row 2' }).getByRole('button', { name: 'Fail' });
  await fail.click();
  await expect(fail).toHaveAttribute('aria-pressed', 'true');
  // Until a chart is shown, its library is not fetched: the batch pages do without it.
  expect(await chartScripts(page)).toEqual([]);
  await runCsvBatch(page, workflow, ['Alpha is first.', 'Beta is second.', 'Gamma is third.'], 'trend v2');

  await page.getByRole('link', { name: `batches of ${workflow}` }).click();
  await expect(page.getByRole('heading', { name: `Batches of ${workflow}`, level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/workflows\/trends\/[^/]+$/);

  // Three charts, each a labelled image drawn on a canvas.
  for (const measure of ['Pass rate', 'Median row duration', 'Total tokens']) {
    const chart = page.getByRole('img', { name: `${measure} per batch over time, 2 batches, oldest to newest` });
    await expect(chart.locator('canvas').first()).toBeVisible();
  }
  expect(await chartScripts(page)).toHaveLength(1);

  // The table: the two batches, newest first, with what their runs reported.
  const table = page.getByRole('table', { name: /^Batches, newest first/ });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const cells = (at: number) => rows.nth(at).locator('th, td');
  await expect(cells(0).nth(0)).toHaveText('Batch “trend v2”');
  await expect(cells(1).nth(0)).toHaveText(/^Batch of /);
  await expect(cells(0).nth(2)).toHaveText('3');
  await expect(cells(1).nth(2)).toHaveText('2');
  await expect(cells(0).nth(3)).toHaveText('3 of 3 · 100 %');
  await expect(cells(1).nth(3)).toHaveText('1 of 2 · 50 %');
  for (const at of [0, 1]) {
    await expect(cells(at).nth(4)).toHaveText(/^\d+(\.\d)? s$/);
    await expect(cells(at).nth(5)).toHaveText(/^[\d,]+$/);
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
    [],
  );

  // The other theme: the charts are drawn again in its colours.
  const canvas = page
    .getByRole('img', { name: /^Pass rate per batch/ })
    .locator('canvas')
    .first();
  const before = await canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL());
  const dark = await page.evaluate(() => document.documentElement.dataset.theme !== 'dark');
  await page.evaluate((toDark) => {
    document.documentElement.dataset.theme = toDark ? 'dark' : 'light';
  }, dark);
  await expect
    .poll(() =>
      page
        .getByRole('img', { name: /^Pass rate per batch/ })
        .locator('canvas')
        .first()
        .evaluate((element: HTMLCanvasElement) => element.toDataURL()),
    )
    .not.toBe(before);

  // A batch's row links to its page; the comparison of the two shows its rows as a distribution.
  await cells(0).nth(0).getByRole('link').click();
  await expect(page.getByRole('heading', { name: /^trend v2/, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Compare against a baseline…' }).click();
  await page
    .getByRole('group', { name: 'Compare against a baseline' })
    .getByRole('button', { name: 'Compare' })
    .click();
  const distribution = page.getByRole('table', { name: 'Rows by duration change' });
  const counts = await distribution.locator('tbody td').allTextContents();
  expect(counts).toHaveLength(7);
  // The two rows asked in both batches, each in one bin.
  expect(counts.reduce((sum, count) => sum + Number(count), 0)).toBe(2);
  await expect(
    page
      .getByRole('img', { name: /^Duration change per row against the baseline: 2 rows/ })
      .locator('canvas')
      .first(),
  ).toBeVisible();
});
