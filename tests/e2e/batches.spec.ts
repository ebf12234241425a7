import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { openWorkflows, pickWorkflow, signIn, workflows } from './support';

/** Picks a workflow and switches the launcher to batch mode. */
async function openBatchForm(page: Page, name: string) {
  await pickWorkflow(page, name);
  await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'Batch' }).click();
  const form = page.getByRole('form', { name: `Batch of ${name}` });
  await expect(form).toBeVisible();
  return form;
}

const progress = (page: Page) => page.getByRole('progressbar');
const countsLine = (page: Page) => page.getByText(/\d+ queued · \d+ running/);

/** From now on, the most runs the batch's counts line has said were running at once: every change seen, not samples. */
async function watchMostRunning(page: Page) {
  await page.evaluate(() => {
    const seen = window as unknown as { mostRunning: number };
    seen.mostRunning = 0;
    const read = () => {
      for (const line of Array.from(document.querySelectorAll('[aria-live]'))) {
        const running = /(\d+) running/.exec(line.textContent ?? '')?.[1];
        if (running) seen.mostRunning = Math.max(seen.mostRunning, Number(running));
      }
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { mostRunning: number }).mostRunning);
}

/** Reads "2 queued · 2 running · 1 succeeded · 0 failed" into numbers. */
async function counts(page: Page) {
  const text = await countsLine(page).innerText();
  const read = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(text)?.[1] ?? NaN);
  return { queued: read('queued'), running: read('running'), succeeded: read('succeeded'), failed: read('failed') };
}

/** Reads the exported CSV (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      endCell();
    } else if (!quoted && char === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (quoted || char !== '\r') {
      cell += char;
    }
  }
  return rows;
}

test('a batch of 5 pasted lines runs 2 at a time and exports results that match its rows', async ({ page }) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await openBatchForm(page, workflows.tagEcho.name);
  const lines = ['first line', 'second line', 'third, with a comma', 'fourth "quoted" line', 'fifth line'];
  await form.getByLabel('One input per line').fill(`${lines.join('\n')}\n\n`);
  await expect(form.getByText('5 inputs: one run each.')).toBeVisible();
  const tagField = form.getByLabel('Tags for every run', { exact: true });
  await tagField.pressSequentially('batch-e2e');
  await tagField.press('Enter');
  await expect(form.getByLabel('Runs at once')).toHaveValue('2');
  const sessionId = await form.getByLabel('Session ID for the batch').inputValue();
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

  const mostRunning = await watchMostRunning(page);
  await form.getByRole('button', { name: 'Start 5 runs' }).click();
  await expect(page.getByRole('heading', { name: /^Batch of Tag echo/, level: 1 })).toBeVisible();
  await expect(progress(page)).toHaveAttribute('aria-label', 'Batch progress: 5 of 5 finished', { timeout: 30_000 });
  expect(await mostRunning()).toBe(2);
  expect(await counts(page)).toEqual({ queued: 0, running: 0, succeeded: 5, failed: 0 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export results CSV' }).click(),
  ]);
  const csv = readCsv((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, ''));
  // The last two columns are the person's pass / fail and note (none given here).
  expect(csv[0]).toEqual(['row', 'input', 'execution id', 'status', 'error', 'final output', 'verdict', 'note']);
  expect(csv.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual(
    lines.map((line, index) => [String(index + 1), line, 'succeeded']),
  );
  for (const [index, row] of csv.slice(1).entries()) {
    expect(row[2]).toMatch(/^[0-9a-f-]{36}$/);
    // Tag echo answers with what the run received: this row's input, the common tag and the batch's session.
    const echoed = JSON.parse(row[5] ?? '{}') as { user_input: string; tags: string[]; session_id: string };
    expect(echoed).toMatchObject({ user_input: lines[index], tags: ['batch-e2e'], session_id: sessionId });
  }

  // Each row is also a run in the history, filed under the batch's session.
  await page.reload();
  await expect(countsLine(page)).toContainText('5 succeeded');
  await page
    .getByRole('row', { name: 'Row 3' })
    .getByRole('link', { name: /^Run [0-9a-f]{8}$/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Tag echo', level: 1 })).toBeVisible();
  await expect(page.getByText(sessionId).first()).toBeVisible();
});

test('a CSV batch shows its rows before they run and takes its tag column; named “prompt v2”, it is found by that name, and its Start is not armed again', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await openBatchForm(page, workflows.tagEcho.name);
  await form.getByRole('radio', { name: 'CSV file' }).check();
  const csv = ['question,tag', '"Is it on, yet?",smoke', 'Second question,regression', 'Third question,'].join('\n');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(form.getByLabel('Tags column')).toHaveValue('1');
  const preview = form.getByRole('table', { name: 'The 3 runs, as they will start' });
  await expect(preview.getByRole('row')).toHaveText([
    /^#Input/,
    '1Is it on, yet?smoke',
    '2Second questionregression',
    '3Third questionnone',
  ]);
  const name = `prompt v2 ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Batch name' }).fill(name);
  await form.getByRole('button', { name: 'Start 3 runs' }).click();

  await expect(page.getByRole('heading', { name: new RegExp(`^${name}`), level: 1 })).toBeVisible();
  await expect(page.getByText(`Batch of ${workflows.tagEcho.name} · Started`)).toBeVisible();
  await expect(countsLine(page)).toContainText('3 succeeded', { timeout: 30_000 });
  // Tag echo answers with the tags each run was sent: the row's own, from the CSV.
  await expect(page.getByRole('row', { name: 'Row 2' })).toContainText('regression');

  // Back on the form: the same inputs are not one click (or Ctrl+Enter) away from running twice.
  await openWorkflows(page);
  await expect(form.getByRole('button', { name: 'Start 3 runs again' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Start 3 runs', exact: true })).toHaveCount(0);
  await expect(form.getByText(`These inputs started as Batch “${name}” (3 runs).`)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Batch name' })).toHaveValue('');
  await form.getByRole('textbox', { name: 'Batch name' }).press('Control+Enter');
  await expect(page).toHaveURL(/\/workflows$/);

  // The runs history names the batch as its person did.
  await page.goto('/workflows/runs');
  await expect(page.getByRole('link', { name: `Batch “${name}” · ${workflows.tagEcho.name}` })).toBeVisible();
});

test('a batch interrupted by a reload asks before going on, then finishes', async ({ page }) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await openBatchForm(page, workflows.summarize.name);
  await form.getByLabel('One input per line').fill('Alpha is first.\nBeta is second.\nGamma is third.');
  await form.getByLabel('Runs at once').fill('1');
  await form.getByRole('button', { name: 'Start 3 runs' }).click();
  await expect(countsLine(page)).toContainText('1 running');
  // Wait until the server has accepted the first row (its execution id shows), then close the page mid-batch.
  await expect(page.getByRole('row', { name: 'Row 1' }).getByRole('link', { name: /^Run [0-9a-f]{8}$/ })).toBeVisible();
  await page.reload();

  const ask = page.getByRole('alert').filter({ hasText: 'The page was closed while this batch ran' });
  await expect(ask).toContainText('2 rows never started');
  // The row that was running on the server goes on being followed while the batch waits.
  await expect(countsLine(page)).toContainText('1 succeeded', { timeout: 20_000 });
  expect((await counts(page)).queued).toBe(2);
  await ask.getByRole('button', { name: 'Resume the batch' }).click();
  await expect(ask).toBeHidden();
  await expect(countsLine(page)).toContainText('3 succeeded', { timeout: 40_000 });
});

test('failed rows show why, and can be retried', async ({ page }) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await openBatchForm(page, workflows.failing.name);
  await form.getByLabel('One input per line').fill('one\ntwo');
  await form.getByRole('button', { name: 'Start 2 runs' }).click();
  await expect(countsLine(page)).toContainText('2 failed', { timeout: 30_000 });
  await expect(page.getByRole('row', { name: 'Row 1' })).toContainText('The execution failed.');
  await page.getByRole('button', { name: 'Retry 2 failed' }).click();
  await expect(countsLine(page)).toContainText('2 running');
  await expect(countsLine(page)).toContainText('2 failed', { timeout: 30_000 });
});

test('an empty batch is refused with a clear message', async ({ page }) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await openBatchForm(page, workflows.tagEcho.name);
  await form.getByLabel('One input per line').fill('   \n');
  await form.getByRole('button', { name: 'Start batch' }).click();
  await expect(form.getByRole('alert', { name: 'Why the batch cannot start' })).toContainText(
    'Nothing to run: add at least one input.',
  );
  await expect(page).toHaveURL(/\/workflows$/);
});

test('rows that pause wait for you: one is continued alone, the rest together with one message', async ({ page }) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await openBatchForm(page, workflows.approval.name);
  await form.getByLabel('One input per line').fill('north office\nsouth office\neast office');
  await form.getByLabel('Runs at once').fill('2');
  await form.getByRole('button', { name: 'Start 3 runs' }).click();
  // A waiting row holds no slot: the third row starts without anyone continuing the first two.
  await expect(countsLine(page)).toContainText('3 waiting for you', { timeout: 30_000 });
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await expect(waiting).toContainText('3 rows paused for a person');
  await expect(page.getByRole('row', { name: 'Row 1' })).toContainText('Draft announcement: north office');

  await page.getByRole('row', { name: 'Row 3' }).getByRole('button', { name: 'Continue row 3' }).click();
  await expect(page.getByRole('row', { name: 'Row 3' })).toContainText('succeeded', { timeout: 20_000 });
  await expect(countsLine(page)).toContainText('2 waiting for you');

  await waiting.getByRole('button', { name: 'Continue all with message…' }).click();
  await waiting.getByRole('textbox', { name: 'Message for every waiting row' }).fill('Approved by Dana');
  const resumes: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/resume')) resumes.push(request.postDataJSON());
  });
  await waiting.getByRole('button', { name: 'Continue 2 rows with message' }).click();
  await expect(countsLine(page)).toContainText('3 succeeded', { timeout: 30_000 });
  expect(resumes).toEqual([{ user_input: 'Approved by Dana' }, { user_input: 'Approved by Dana' }]);
  await expect(page.getByRole('row', { name: 'Row 1' })).toContainText('Reviewer note: Approved by Dana');
  await expect(page.getByRole('row', { name: 'Row 3' })).not.toContainText('Reviewer note');
  await expect(waiting).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Batch of .* Finished/ })).toBeVisible();
});
