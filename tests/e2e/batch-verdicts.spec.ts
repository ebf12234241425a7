import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './csp';
import { catalogOption, consoleOrigin, openWorkflows, signIn, workflowField, workflows } from './support';

// Two CSV batches of Summarize document, the second with its last row's input made much longer (so its tokens rise
// by far more than 20 %, the others' not at all). Rows judged from the keyboard on the batch page (pass / fail) and
// on the comparison (better / same / worse) give the pass rate and the win rate; the verdict filter and a threshold
// narrow the rows, the CSVs carry the verdicts and notes, a reload keeps them all, and they travel with the batch file.

const baselineRows = ['Alpha is first.', 'Beta is second.', 'Gamma is third.', 'Delta is fourth.'];
const longer = `Delta is fourth. ${'It goes on and on about the fourth letter, its shape and its history. '.repeat(12)}`;
const laterRows = [...baselineRows.slice(0, 3), longer];

/** Runs a CSV batch of the workflow to its end and answers the batch's id (from its page's address). */
async function runCsvBatch(page: Page, inputs: readonly string[], name = ''): Promise<string> {
  const workflow = workflows.summarize.name;
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

/** The downloaded CSV as one record per line, by column name. */
async function csvRecords(download: Download): Promise<Record<string, string>[]> {
  const [header = [], ...lines] = readCsv((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, ''));
  return lines.map((line) => Object.fromEntries(header.map((name, index) => [name, line[index] ?? ''])));
}

const rowsTable = (page: Page) => page.getByRole('table', { name: /^Batch “verdicts v2” against the baseline/ });
const compareRow = (page: Page, name: string) => rowsTable(page).getByRole('row', { name, exact: true });
const shownRows = (page: Page) => rowsTable(page).getByRole('row', { name: /^Row \d$/ });
const verdicts = (page: Page) => page.getByRole('status', { name: /^Verdicts on the / });
const passRate = 'Pass rate 67 % · 2 pass, 1 fail · 1 not judged';
const winRate = 'Win rate 67 % · 2 better, 0 same, 1 worse · 1 not judged';

test('rows judged from the keyboard give the pass and win rates, filter the comparison, reach the CSVs and stay after a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'analyst');
  const baseline = await runCsvBatch(page, baselineRows);
  const later = await runCsvBatch(page, laterRows, 'verdicts v2');

  // The batch page: pass / fail with 1 / 2 on the focused row, J to the next one; the keys are in sight.
  await expect(page.getByText('Judge from the keyboard: focus a row, then 1 Pass · 2 Fail')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Rows of the batch' });
  await rows.getByRole('row', { name: 'Row 1', exact: true }).focus();
  for (const key of ['1', 'j', '2', 'j', '1']) await page.keyboard.press(key);
  await expect(rows.getByRole('row', { name: 'Row 3', exact: true })).toBeFocused();
  await expect(page.getByText(passRate)).toBeVisible();
  // The keyboard help lists the row keys; closing it gives the focus back to the row.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('Next / previous row')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rows.getByRole('row', { name: 'Row 3', exact: true })).toBeFocused();
  const verdictOn = (row: string) => page.getByRole('group', { name: `Verdict on ${row}` });
  await expect(verdictOn('Row 2').getByRole('button', { name: 'Fail' })).toHaveAttribute('aria-pressed', 'true');
  await expect(verdictOn('Row 1').getByRole('button', { name: 'Pass' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Add a note on Row 2' }).click();
  await page.getByRole('textbox', { name: 'Note on Row 2' }).fill('misses the date');
  await page.keyboard.press('Enter');
  await expect(rows.getByRole('row', { name: 'Row 2', exact: true })).toContainText('misses the date');
  const [results] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export results CSV' }).click(),
  ]);
  expect((await csvRecords(results)).map((line) => [line.verdict, line.note])).toEqual([
    ['pass', ''],
    ['fail', 'misses the date'],
    ['pass', ''],
    ['', ''],
  ]);

  // Against the first batch: better / same / worse with 1 / 2 / 3; the header counts them.
  await page.getByRole('button', { name: 'Compare against a baseline…' }).click();
  await page
    .getByRole('group', { name: 'Compare against a baseline' })
    .getByRole('button', { name: 'Compare' })
    .click();
  expect(new URL(page.url()).searchParams.get('baseline')).toBe(baseline);
  await expect(shownRows(page)).toHaveCount(4);
  await expect(verdicts(page)).toContainText('Win rate — · 0 better, 0 same, 0 worse · 4 not judged');
  await expect(verdicts(page)).toContainText(passRate);
  await compareRow(page, 'Row 1').focus();
  for (const key of ['1', 'j', '1', 'j', '3']) await page.keyboard.press(key);
  await expect(compareRow(page, 'Row 3')).toBeFocused();
  await expect(verdicts(page)).toContainText(winRate);
  await expect(verdictOn('Row 3').getByRole('button', { name: 'Worse' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Add a note on Row 3' }).click();
  await page.getByRole('textbox', { name: 'Note on Row 3' }).fill('vaguer than before');
  await page.keyboard.press('Enter');
  await expect(compareRow(page, 'Row 3')).toBeFocused();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
    [],
  );

  // The verdict filter, then a threshold on tokens: only the row whose input grew; a bad change is refused in words.
  await page.getByRole('combobox', { name: 'Verdict' }).selectOption({ label: 'Better' });
  await expect(shownRows(page)).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Verdict' }).selectOption({ label: 'Not judged yet' });
  await expect(shownRows(page)).toHaveCount(1);
  await expect(compareRow(page, 'Row 4')).toBeVisible();
  await page.getByRole('combobox', { name: 'Verdict' }).selectOption({ label: 'Any verdict' });
  await page.getByRole('combobox', { name: 'Change of' }).selectOption({ label: 'Tokens' });
  const change = page.getByRole('textbox', { name: 'at least' });
  await change.fill('fast');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Write a change like' })).toHaveText(
    'Write a change like +50 % or −20 %.',
  );
  await expect(shownRows(page)).toHaveCount(4);
  await change.fill('+20%');
  await change.press('Enter');
  await expect(shownRows(page)).toHaveCount(1);
  await expect(compareRow(page, 'Row 4')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Changed only \(1\)$/ })).toBeVisible();
  await change.fill('−20 %');
  await change.press('Enter');
  await expect(page.getByText('No row matches these filters.')).toBeVisible();
  await change.fill('+20 %');
  await change.press('Enter');
  await expect(shownRows(page)).toHaveCount(1);
  const search = new URL(page.url()).searchParams;
  expect([search.get('metric'), search.get('change')]).toEqual(['tokens', '+20%']);

  // The address keeps the filters: a reload shows the same rows, the verdicts still there.
  await page.reload();
  await expect(shownRows(page)).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'at least' })).toHaveValue('+20 %');
  await expect(verdicts(page)).toContainText(winRate);
  await page.getByRole('button', { name: 'Clear threshold' }).click();
  await expect(shownRows(page)).toHaveCount(4);
  await expect(verdictOn('Row 3').getByRole('button', { name: 'Worse' })).toHaveAttribute('aria-pressed', 'true');
  await expect(compareRow(page, 'Row 3')).toContainText('vaguer than before');

  // The comparison's CSV carries each pair's verdict and note, and the row's pass / fail with its note.
  const [comparison] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export comparison CSV (4 rows)' }).click(),
  ]);
  const lines = await csvRecords(comparison);
  expect(
    lines.map((line) => [line.row, line.verdict, line.note, line['pass or fail'], line['pass or fail note']]),
  ).toEqual([
    ['1', 'better', '', 'pass', ''],
    ['2', 'better', '', 'fail', 'misses the date'],
    ['3', 'worse', 'vaguer than before', 'pass', ''],
    ['4', '', '', '', ''],
  ]);

  // The batch page after a reload: the same pass rate.
  await page.goto(`/workflows/batches/${later}`);
  await expect(page.getByText(passRate)).toBeVisible();

  // Exported with the batch: another person, in another browser, imports it with its verdicts and notes.
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export batch (JSON)' }).click(),
  ]);
  expect(exported.suggestedFilename()).toMatch(/^batch-.*\.json$/);
  const context = await browser.newContext({ baseURL: consoleOrigin });
  try {
    const viewer = await context.newPage();
    await signIn(viewer, 'viewer');
    await viewer.goto(`/workflows/batches/${later}`);
    await expect(viewer.getByRole('alert')).toHaveText('This batch is not in this browser’s history.');
    await viewer.goto('/workflows/runs');
    await viewer.getByLabel('Import a batch (JSON)').setInputFiles(await exported.path());
    await expect(viewer).toHaveURL(new RegExp(`/workflows/batches/${later}$`));
    await expect(viewer.getByRole('heading', { name: /^verdicts v2/, level: 1 })).toBeVisible();
    await expect(viewer.getByText(passRate)).toBeVisible();
    await expect(viewer.getByRole('row', { name: 'Row 2', exact: true })).toContainText('misses the date');
  } finally {
    await context.close();
  }

  // A row's run page shows the row's verdict, and judging there judges the row.
  await page
    .getByRole('row', { name: 'Row 2', exact: true })
    .getByRole('link', { name: /^Run [0-9a-f]{8}$/ })
    .click();
  await expect(page.getByText('Your verdict (as row 2 of its batch):')).toBeVisible();
  const onRun = page.getByRole('group', { name: 'Verdict on this run' });
  await expect(onRun.getByRole('button', { name: 'Fail' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('misses the date')).toBeVisible();
  await onRun.getByRole('button', { name: 'Pass' }).click();
  await page.goBack();
  await expect(page.getByText('Pass rate 100 % · 3 pass, 0 fail · 1 not judged')).toBeVisible();
});
