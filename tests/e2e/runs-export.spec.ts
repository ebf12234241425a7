import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { openWorkflows, pickWorkflow, runHeader, signIn, statusIn, workflows } from './support';

async function runTagEcho(page: Page, input: string) {
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.tagEcho.name);
  await form.getByRole('textbox', { name: 'Input', exact: true }).fill(input);
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 20_000 });
}

const runRows = (page: Page) =>
  page.getByRole('table', { name: 'Runs', exact: true }).locator('tbody').getByRole('row');

async function exportedJson(page: Page, button: RegExp): Promise<Array<{ userInput: string }>> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return JSON.parse(await readFile(await download.path(), 'utf8')) as Array<{ userInput: string }>;
}

test('the runs history exports the ticked runs, or every run shown when none is ticked', async ({ page }) => {
  await signIn(page, 'analyst');
  await runTagEcho(page, 'first export run');
  await runTagEcho(page, 'second export run');
  await page.getByRole('link', { name: 'Runs', exact: true }).click();
  await expect(runRows(page)).toHaveCount(2);

  expect((await exportedJson(page, /^Export JSON \(all\)$/)).map((run) => run.userInput)).toEqual([
    'second export run',
    'first export run',
  ]);

  await page
    .getByRole('checkbox', { name: /^Select run of Tag echo/ })
    .last()
    .check();
  const picked = await exportedJson(page, /^Export JSON \(1 selected\)$/);
  expect(picked.map((run) => run.userInput)).toEqual(['first export run']);

  // Deleting asks once, and only the confirming button is coloured as a warning.
  await page.getByRole('button', { name: 'Delete 1 selected…' }).click();
  await page.getByRole('group', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete 1 run' }).click();
  await expect(runRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(runRows(page)).toHaveCount(2);
});
