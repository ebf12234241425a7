import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  openWorkflows,
  pickWorkflow,
  runHeader,
  signIn,
  statusIn,
  typeTags,
  workflowField,
  workflows,
} from './support';
import { tokenColour } from './painted';

// The runs history as a dense table: one line a run with its duration and tokens, actions in one menu, a batch's
// runs under one row, and a delete that is asked for, not offered in red.

const table = (page: Page) => page.getByRole('table', { name: 'Runs', exact: true });
const runRows = (page: Page) => table(page).locator('tbody').getByRole('row');
const cell = (row: Locator, column: string) => row.locator(`td.${column}`);

async function runTagEcho(page: Page, input: string, tags: string[] = []) {
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.tagEcho.name);
  await form.getByRole('textbox', { name: 'Input', exact: true }).fill(input);
  if (tags.length > 0) await typeTags(page, tags);
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 20_000 });
}

async function openRuns(page: Page) {
  await page.getByRole('link', { name: 'Runs', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
}

async function expectNoSeriousViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect
    .soft(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      screen,
    )
    .toEqual([]);
}

/** Whether the search box shows its whole placeholder: the text measured in the box's own font fits inside it. */
const placeholderFits = (search: Locator) =>
  search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return false;
    context.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });

test('each run is one line with its columns, duration and tokens; the row opens the run; its menu works by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, 'analyst');
  const tag = `table-${Date.now()}`;
  await runTagEcho(page, 'first line of the input\nsecond line', [tag]);
  await openRuns(page);

  await expect(table(page).getByRole('columnheader')).toHaveText([
    'Select',
    'Status',
    'Workflow',
    'Input',
    'Tags',
    'Session',
    'Started',
    'Duration',
    'Tokens',
    'Actions',
  ]);
  const row = runRows(page).first();
  await expect(cell(row, 'runs-status')).toHaveText('Succeeded');
  await expect(cell(row, 'runs-workflow').getByRole('link', { name: workflows.tagEcho.name })).toBeVisible();
  await expect(cell(row, 'runs-input')).toHaveText('first line of the input');
  await expect(cell(row, 'runs-input')).toHaveAttribute('title', 'first line of the input\nsecond line');
  await expect(cell(row, 'runs-tags').getByRole('button', { name: tag, exact: true })).toBeVisible();
  await expect(cell(row, 'runs-session').getByRole('button', { name: /^Session [0-9a-f-]{36}$/ })).toBeVisible();
  await expect(cell(row, 'runs-started')).toHaveText(/^(just now|\d+ min ago)$/);
  await expect(cell(row, 'runs-duration-cell')).toHaveText(/^\d+(\.\d)? s$/);
  await expect(cell(row, 'runs-tokens')).toHaveText(/^\d[\d,.\s]*$/);
  // Dense: one line of text, not a card.
  expect((await row.boundingBox())?.height ?? 0).toBeLessThan(44);
  await expectNoSeriousViolations(page, 'the runs table, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, 'the runs table, dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The row's menu: opened, walked and closed with the keyboard; delete is last.
  const trigger = row.getByRole('button', { name: /^Actions for run of Tag echo/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Open', 'Run again', 'Copy as curl', 'Delete']);
  await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(runRows(page)).toHaveCount(0);
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(runRows(page)).toHaveCount(1);

  // A click anywhere on the row opens the run, like its link.
  await cell(runRows(page).first(), 'runs-input').click();
  await expect(page).toHaveURL(/\/workflows\/runs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: workflows.tagEcho.name, level: 1 })).toBeVisible();
});

test('a batch’s runs stand under one row that opens in place and links to the batch', async ({ page }) => {
  await signIn(page, 'analyst');
  await runTagEcho(page, 'a run of its own');
  await openWorkflows(page);
  await pickWorkflow(page, workflows.tagEcho.name);
  await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'Batch' }).click();
  const form = page.getByRole('form', { name: `Batch of ${workflows.tagEcho.name}` });
  await form.getByLabel('One input per line').fill('alpha\nbeta\ngamma');
  await form.getByRole('button', { name: 'Start 3 runs' }).click();
  await expect(page.locator('.batch-counts')).toContainText('3 succeeded', { timeout: 30_000 });
  const batchPage = page.url();
  // The launcher stays in batch mode: back to one run.
  await openWorkflows(page);
  // The picker keeps Tag echo; the launcher is still in batch mode.
  await expect(workflowField(page)).toHaveValue(workflows.tagEcho.name);
  await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'One run' }).click();
  await runTagEcho(page, 'another run of its own');
  await openRuns(page);

  // Newest first: the last single run, the batch as one row, the first single run; the batch's runs not among them.
  const rows = runRows(page);
  await expect(rows).toHaveCount(3);
  const batch = rows.nth(1);
  await expect(batch.getByRole('link', { name: `Batch · ${workflows.tagEcho.name}` })).toBeVisible();
  await expect(batch).toContainText('3 succeeded');
  await expect(cell(batch, 'runs-duration-cell')).toHaveText(/^\d+(\.\d)? s$/);
  await expect(cell(rows.nth(0), 'runs-input')).toHaveText('another run of its own');
  await expect(cell(rows.nth(2), 'runs-input')).toHaveText('a run of its own');

  const expand = batch.getByRole('button', { name: /^Show the runs of the batch of Tag echo, 3 runs$/ });
  await expand.focus();
  await page.keyboard.press('Enter');
  await expect(batch.getByRole('button', { name: /^Hide the runs/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(rows).toHaveCount(6);
  // The batch's own runs follow its row, in place, in the batch's order.
  await expect(rows.locator('td.runs-input')).toHaveText([
    'another run of its own',
    '3 runs',
    'alpha',
    'beta',
    'gamma',
    'a run of its own',
  ]);

  await batch.getByRole('button', { name: 'Actions for the batch of Tag echo, 3 runs' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Open the batch',
    'Hide its runs',
    'Delete its 3 runs',
  ]);
  await page.keyboard.press('Escape');

  await batch.getByRole('link', { name: `Batch · ${workflows.tagEcho.name}` }).click();
  await expect(page).toHaveURL(batchPage);
});

test('deleting the runs a filter shows is asked for once, and only the confirming button warns', async ({ page }) => {
  await signIn(page, 'analyst');
  const tag = `doomed-${Date.now()}`;
  await runTagEcho(page, 'keep me');
  await runTagEcho(page, 'delete me', [tag]);
  await openRuns(page);
  const search = page.getByRole('searchbox', { name: 'Search runs' });
  expect(await placeholderFits(search)).toBe(true);

  await cell(runRows(page).first(), 'runs-tags').getByRole('button', { name: tag, exact: true }).click();
  await expect(runRows(page)).toHaveCount(1);
  const ask = page.getByRole('button', { name: 'Delete 1 shown…' });
  await expect(ask).toBeVisible();
  // The offer is quiet; the button that deletes is in the warning colour.
  const warning = await tokenColour(page, '--error');
  await expect(ask).not.toHaveCSS('color', warning);
  await ask.click();
  const confirm = page.getByRole('group', { name: 'Confirm delete' });
  await expect(confirm.getByRole('button', { name: 'Delete 1 run' })).toHaveCSS('color', warning);
  await expect(confirm.getByRole('button', { name: 'Delete 1 run' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(runRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete 1 shown…' }).click();
  await confirm.getByRole('button', { name: 'Delete 1 run' }).click();
  await expect(runRows(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(runRows(page)).toHaveCount(1);
  await expect(cell(runRows(page).first(), 'runs-input')).toHaveText('keep me');

  // At 375 px: the whole placeholder still shows, the page does not scroll sideways, each run reads in two lines.
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await placeholderFits(search)).toBe(true);
  const widths = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main, main .page')).map(
      (element) => element.scrollWidth - element.clientWidth,
    ),
  );
  expect(Math.max(0, ...widths)).toBe(0);
  const row = runRows(page).first();
  await expect(cell(row, 'runs-duration-cell')).toBeHidden();
  await expect(row.locator('.runs-narrow-facts')).toContainText(/Succeeded.*\d+(\.\d)? s/);
  await expect(row.getByRole('button', { name: /^Actions for run of/ })).toBeInViewport();
  await expectNoSeriousViolations(page, 'the runs table at 375 px');
});

test('tags are read whole in the runs table: many or long ones wrap in their cell, and at 375 px they go under the run’s name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'analyst');
  const stamp = Date.now().toString(36);
  const tags = [`customer-acme-quarterly-review-${stamp}`, 'nightly', 'regression-suite-v2', 'prompt-v2', 'eu-west'];
  await runTagEcho(page, 'a run with many tags', tags);
  await openRuns(page);

  /** Each chip of `scope` whose text the chip does not show whole (cut, or hidden by the cell). */
  const cutChips = (scope: Locator) =>
    scope.locator('.chip').evaluateAll((chips) =>
      chips
        .filter((chip) => {
          const box = chip.getBoundingClientRect();
          const cell = chip.closest('td')?.getBoundingClientRect();
          const outside = cell ? box.right > cell.right + 0.5 || box.bottom > cell.bottom + 0.5 : false;
          return chip.scrollWidth > chip.clientWidth + 1 || outside;
        })
        .map((chip) => chip.textContent),
    );
  const row = runRows(page).first();
  const tagsCell = cell(row, 'runs-tags');
  for (const tag of tags) await expect(tagsCell.getByRole('button', { name: tag, exact: true })).toBeVisible();
  expect(await cutChips(tagsCell)).toEqual([]);

  // At 375 px the Tags column is gone; the tags are under the run's name, whole, and still filter the runs.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(tagsCell).toBeHidden();
  const workflowCell = cell(row, 'runs-workflow');
  for (const tag of tags) await expect(workflowCell.getByRole('button', { name: tag, exact: true })).toBeVisible();
  expect(await cutChips(workflowCell)).toEqual([]);
  await workflowCell.getByRole('button', { name: 'prompt-v2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]tag=prompt-v2/);
});
