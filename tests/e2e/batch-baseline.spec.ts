import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import AxeBuilder from '@axe-core/playwright';
import { catalogOption, openWorkflows, signIn, workflowField, workflows } from './support';

// Two CSV batches of Summarize document, the second with one row's input edited: compared against the first as the
// baseline, exactly that row is marked, with its deltas, and the comparison's address reopens the same view.

const baselineRows = ['Alpha is first.', 'Beta is second.', 'Gamma is third.'];
const laterRows = ['Alpha is first.', 'Beta is second. It changed its mind.', 'Gamma is third.'];

/** Runs a CSV batch of the workflow to its end and answers the batch's id (from its page's address). */
async function runCsvBatch(page: Page, workflow: string, inputs: readonly string[], name = ''): Promise<string> {
  await openWorkflows(page);
  await workflowField(page).fill(workflow);
  await catalogOption(page, workflow).click();
  await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'Batch' }).click();
  const form = page.getByRole('form', { name: `Batch of ${workflow}` });
  await form.getByRole('radio', { name: 'CSV file' }).check();
  // A quoted cell, as spreadsheets write them.
  const csv = ['id,input', ...inputs.map((input, index) => `${index + 1},"${input.replaceAll('"', '""')}"`)].join('\n');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'inputs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(form.getByLabel('Input column')).toHaveValue('1');
  await form.getByRole('textbox', { name: 'Batch name' }).fill(name);
  await form.getByRole('button', { name: `Start ${inputs.length} run${inputs.length === 1 ? '' : 's'}` }).click();
  await expect(page.locator('.batch-counts')).toContainText(`${inputs.length} succeeded`, { timeout: 40_000 });
  const id = /\/workflows\/batches\/([^/?#]+)/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id ?? '';
}

async function openRuns(page: Page) {
  await page.getByRole('link', { name: 'Runs', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
}

/** Reads CSV text (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (quoted || char !== '\r') cell += char;
  }
  return rows;
}

const rowsTable = (page: Page) => page.getByRole('table', { name: /against the baseline \(Batch of/ });
const signedDuration = /[+−±]\d+(\.\d)? s/;

/** What the comparison shows: the one edited row marked changed with its deltas, the others the same, the totals. */
async function expectOneChangedRow(page: Page) {
  const table = rowsTable(page);
  const changed = table.getByRole('row', { name: 'Row 2', exact: true });
  await expect(changed.locator('.batch-compare-change')).toHaveText('changed');
  await expect(changed).toContainText('was: Beta is second.');
  // Duration and tokens: both sides and the change (the longer input is read and summarised at more tokens).
  await expect(changed.getByRole('cell').nth(3)).toHaveText(new RegExp(`s → .* s ${signedDuration.source}`));
  await expect(changed.getByRole('cell').nth(4)).toHaveText(/^[\d,]+ → [\d,]+ \+[\d,]+$/);
  await expect(changed.getByRole('cell').nth(5)).toHaveText(/^\$\d\.\d{4} → \$\d\.\d{4} [+−±]\$\d\.\d{4}$/);
  // The compared batch is known by its name, the unnamed baseline by its time.
  const totals = page.getByRole('row', { name: 'Totals of the Batch “prompt v2”' });
  await expect(totals.getByRole('cell').nth(1)).toHaveText('1');
  await expect(totals.getByRole('cell').nth(2)).toHaveText('0');
  await expect(totals.getByRole('cell').nth(5)).toHaveText(new RegExp(`s \\(${signedDuration.source}\\)$`));
  await expect(totals.getByRole('cell').nth(6)).toHaveText(/^[\d,]+ \(\+[\d,]+\)$/);
}

test('two CSV batches compared against a baseline mark the one changed row, filter to it and export it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'analyst');
  const baseline = await runCsvBatch(page, workflows.summarize.name, baselineRows);
  const later = await runCsvBatch(page, workflows.summarize.name, laterRows, 'prompt v2');
  await expect(page.getByRole('heading', { name: /^prompt v2/, level: 1 })).toBeVisible();

  // From the later batch's page: the baseline is chosen among the earlier finished batches of the workflow.
  await page.getByRole('button', { name: 'Compare against a baseline…' }).click();
  const choice = page.getByRole('group', { name: 'Compare against a baseline' });
  await expect(choice.getByLabel('Baseline').locator('option')).toHaveCount(1);
  await expect(choice.getByLabel('Baseline').locator('option')).not.toContainText('prompt v2');
  await choice.getByRole('button', { name: 'Compare' }).click();
  await expect(
    page.getByRole('heading', { name: `Batches against a baseline · ${workflows.summarize.name}` }),
  ).toBeVisible();
  expect(new URL(page.url()).searchParams.get('baseline')).toBe(baseline);
  expect(new URL(page.url()).searchParams.get('batches')).toBe(later);

  const table = rowsTable(page);
  await expect(table.getByRole('row', { name: /^Row \d$/ })).toHaveCount(3);
  for (const same of ['Row 1', 'Row 3']) {
    await expect(table.getByRole('row', { name: same, exact: true }).locator('.batch-compare-change')).toHaveText(
      'same',
    );
  }
  await expectOneChangedRow(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
    [],
  );
  // The output diff is the compare page's line-and-word diff.
  await table
    .getByRole('row', { name: 'Row 2', exact: true })
    .getByRole('button', { name: /^Show diff/ })
    .click();
  const diff = page.getByRole('group', { name: 'Row 2 output differences' });
  await expect(diff.locator('ins').first()).toBeVisible();

  // "Changed only" leaves the one row; the export holds exactly what is shown.
  await page.getByRole('radio', { name: /^Changed only \(1\)$/ }).check();
  await expect(table.getByRole('row', { name: /^Row \d$/ })).toHaveCount(1);
  await expect(table.getByRole('row', { name: 'Row 2', exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export comparison CSV (1 row)' }).click(),
  ]);
  const csv = readCsv((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, ''));
  expect(csv).toHaveLength(2);
  const [header, line] = csv;
  const cell = (name: string) => line?.[header?.indexOf(name) ?? -1];
  expect([cell('baseline row'), cell('row'), cell('change')]).toEqual(['2', '2', 'changed']);
  expect([cell('baseline input'), cell('input')]).toEqual([baselineRows[1], laterRows[1]]);
  expect([cell('baseline status'), cell('status')]).toEqual(['succeeded', 'succeeded']);
  expect(Number(cell('duration ms')) - Number(cell('baseline duration ms'))).toBe(
    Number(cell('duration delta ms')?.replace(/^'/, '')),
  );
  expect(cell('output')).toContain('## Summary');
  expect(cell('output')).not.toBe(cell('baseline output'));
  await page.getByRole('radio', { name: /^Regressions only/ }).check();
  await expect(page.getByText('No regression: no row that succeeded in the baseline failed')).toBeVisible();
  await page.getByRole('radio', { name: /^Changed only/ }).check();

  // The address is the comparison: a reload and another tab show the same.
  const address = page.url();
  expect(new URL(address).searchParams.get('only')).toBe('changed');
  await page.reload();
  await expect(page.getByRole('radio', { name: /^Changed only/ })).toBeChecked();
  await expect(rowsTable(page).getByRole('row', { name: /^Row \d$/ })).toHaveCount(1);
  await expectOneChangedRow(page);
  // Another tab signs in on its own (the session is kept per tab), then opens the shared address.
  const other = await context.newPage();
  await signIn(other, 'analyst');
  await other.goto(address);
  await expect(rowsTable(other).getByRole('row', { name: /^Row \d$/ })).toHaveCount(1);
  await expectOneChangedRow(other);
  await other.close();

  // From the runs history: both batches ticked open the same comparison, the earlier one as the baseline.
  await openRuns(page);
  await page.getByRole('checkbox', { name: `Select the batch of ${workflows.summarize.name}, 3 runs` }).check();
  await page
    .getByRole('checkbox', { name: `Select the batch “prompt v2” of ${workflows.summarize.name}, 3 runs` })
    .check();
  await page.getByRole('link', { name: 'Compare with baseline' }).click();
  expect(new URL(page.url()).searchParams.get('baseline')).toBe(baseline);
  await expectOneChangedRow(page);

  // Batches of another workflow cannot be compared with it, and the page says so.
  const echo = await runCsvBatch(page, workflows.tagEcho.name, ['one']);
  await page.goto(`/workflows/compare/batches?baseline=${baseline}&batches=${echo}`);
  await expect(page.getByRole('alert').filter({ hasText: 'different workflows' })).toHaveText(
    `Batches of different workflows cannot be compared: the baseline ran ${workflows.summarize.name}, this batch ran ${workflows.tagEcho.name}.`,
  );
});
