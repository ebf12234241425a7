// A workflow run from its launch to its end: states, result, tags in Runs, failure, abort; each output read once.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './csp';
import {
  inputField,
  launchForm,
  openWorkflows,
  pickWorkflow,
  runEnd,
  runHeader,
  runResult,
  runState,
  runStates,
  runStatus,
  signIn,
  startRun,
  statusIn,
  tagChips,
  typeTags,
  unique,
  workflowField,
  workflows,
} from './support';

const summaryInput = 'The quarterly report shows growth. Revenue rose by ten percent. Costs fell slightly.';
const longDocument = 'The archive holds one more page of the same report. '.repeat(200);

/** The console's reads of finished states' outputs (`…/states/<id>/output`), and how many API calls are in flight. */
function watchOutputReads(page: Page): { outputs: string[]; inFlight: () => number } {
  const outputs: string[] = [];
  const pending = new Set<Request>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/code-assistant-api/') || request.method() === 'OPTIONS') return;
    pending.add(request);
    if (request.method() === 'GET' && /\/executions\/[^/]+\/states\/[^/]+\/output$/.test(pathname))
      outputs.push(pathname);
  });
  const done = (request: Request) => void pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { outputs, inFlight: () => pending.size };
}

test.describe('workflows as analyst', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'analyst');
    await openWorkflows(page);
  });

  test('Summarize document with input, tags and a session id succeeds through its 3 states with a summary', async ({
    page,
  }) => {
    const [tagA, tagB, session] = [unique('quarterly'), unique('finance'), unique('session')];
    const form = await pickWorkflow(page, workflows.summarize.name);
    await inputField(form).fill(summaryInput);
    await typeTags(page, [tagA], 'Enter');
    await typeTags(page, [tagB], ',');
    await expect(tagChips(page)).toHaveText([`${tagA}×`, `${tagB}×`]);
    await expect(page.getByLabel('Tags', { exact: true })).toHaveValue('');
    await form.getByLabel('Session ID').fill(session);
    const reads = watchOutputReads(page);
    await startRun(page, form);

    await expect(page.getByRole('heading', { name: workflows.summarize.name, level: 1 })).toBeVisible();
    await expect(runStatus(page)).toHaveText('In progress');
    await expect(runStatus(page)).toHaveText('Succeeded', runEnd);
    await expect(page.getByRole('button', { name: 'Abort…' })).toHaveCount(0);
    const meta = page.locator('.run-meta');
    await expect(meta).toContainText(session);
    await expect(meta).toContainText(tagA);
    await expect(meta).toContainText(tagB);

    await expect(runStates(page)).toHaveCount(3);
    await expect(runStates(page).locator('strong')).toHaveText(['Read input', 'Extract key points', 'Write summary']);
    await expect(statusIn(runStates(page))).toHaveText(['Succeeded', 'Succeeded', 'Succeeded']);
    await expect(runState(page, 'Read input')).toContainText(`Read ${summaryInput.length} characters.`);

    // The last state's output is the run's result: shown once, after the timeline, not again in the state.
    await expect(runState(page, 'Write summary')).toContainText('Its output is the run’s result, below.');
    await expect(page.getByTestId('state-output').filter({ hasText: 'Key points' })).toHaveCount(1);
    const summary = runResult(page);
    await expect(summary.getByRole('heading', { name: 'Summary', level: 2 })).toBeVisible();
    await expect(summary).toContainText('The document has 13 words in 3 sentences. Key points:');
    const points = ['The quarterly report shows growth.', 'Revenue rose by ten percent.', 'Costs fell slightly.'];
    await expect(summary.getByRole('listitem')).toHaveText(points);

    // One engine, one cache: the run's result (the last state's output) is read once, by the runtime that saw the
    // end, and the page showing the states reads the same cache; no state's output is read twice.
    await expect.poll(reads.inFlight).toBe(0);
    expect(reads.outputs).toHaveLength(3);
    expect(new Set(reads.outputs).size).toBe(3);
  });

  test('after a reload a run is found by its tag chip in Runs, and Run again pre-fills the launcher with it', async ({
    page,
  }) => {
    const [tagA, tagB, session, otherTag] = [unique('nightly'), unique('customer'), unique('session'), unique('other')];
    let form = await pickWorkflow(page, workflows.summarize.name);
    await inputField(form).fill(summaryInput);
    await typeTags(page, [tagA, tagB]);
    await form.getByLabel('Session ID').fill(session);
    await startRun(page, form);
    await expect(runStatus(page)).toHaveText('Succeeded', runEnd);

    // A second run with other values: the filter has to leave it out, and Run again has to replace its values.
    await openWorkflows(page);
    form = await pickWorkflow(page, workflows.tagEcho.name);
    // Another workflow starts from its own (empty) draft: nothing of the first run's form is carried over.
    await expect(tagChips(page)).toHaveCount(0);
    await inputField(form).fill('Something else entirely');
    await typeTags(page, [otherTag]);
    await form.getByLabel('Session ID').fill(unique('other-session'));
    await startRun(page, form);
    await expect(runStatus(page)).toHaveText('Succeeded', runEnd);

    await page.reload();
    await expect(page.getByRole('heading', { name: workflows.tagEcho.name, level: 1 })).toBeVisible();
    await expect(runStatus(page)).toHaveText('Succeeded');
    await runHeader(page).getByRole('link', { name: 'Runs', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
    const runs = page.getByRole('table', { name: 'Runs', exact: true }).locator('tbody').getByRole('row');
    await expect(runs).toHaveCount(2);
    await expect(page.getByText('2 of 2 runs')).toBeVisible();

    await runs.filter({ hasText: workflows.summarize.name }).getByRole('button', { name: tagB, exact: true }).click();
    await expect(page.getByRole('button', { name: `Remove filter Tag: ${tagB}` })).toBeVisible();
    await expect(page.getByText('1 of 2 runs match')).toBeVisible();
    await expect(runs).toHaveCount(1);
    const found = runs.first();
    await expect(found.getByRole('link', { name: workflows.summarize.name })).toBeVisible();
    await expect(found).toContainText(summaryInput);
    await expect(found).toContainText('Succeeded');

    await found.getByRole('button', { name: /^Actions for run of / }).click();
    await page.getByRole('menuitem', { name: 'Run again' }).click();
    await expect(page).toHaveURL(/\/workflows$/);
    await expect(workflowField(page)).toHaveValue(workflows.summarize.name);
    form = launchForm(page, workflows.summarize.name);
    await expect(inputField(form)).toHaveValue(summaryInput);
    await expect(tagChips(page)).toHaveText([`${tagA}×`, `${tagB}×`]);
    await expect(form.getByLabel('Session ID')).toHaveValue(session);
    await expect(form.getByLabel('File', { exact: true })).toHaveValue('');
  });

  test('Failing pipeline ends Failed, showing the failing state and its error output', async ({ page }) => {
    const form = await pickWorkflow(page, workflows.failing.name);
    await inputField(form).fill('Records of July');
    await startRun(page, form);

    await expect(runStatus(page)).toHaveText('Failed', runEnd);
    await expect(statusIn(runState(page, 'Prepare'))).toHaveText('Succeeded');
    await expect(runState(page, 'Prepare')).toContainText('Prepared the batch.');
    const failed = runState(page, 'Transform records');
    await expect(statusIn(failed)).toHaveText('Failed');
    const error = 'Error: record 17 has no "amount" field (simulated failure in the second state).';
    await expect(failed.getByTestId('state-output')).toHaveText(error);
    // Why it failed is said by its red badge, not only halfway down.
    const banner = runHeader(page).getByRole('alert');
    await expect(banner).toHaveText(`Failed at Transform records: ${error}`);
    const [badgeBox, bannerBox] = [await runStatus(page).boundingBox(), await banner.boundingBox()];
    expect(
      (bannerBox?.y ?? Infinity) - ((badgeBox?.y ?? 0) + (badgeBox?.height ?? 0)),
      'the banner sits right under the badge',
    ).toBeLessThan(40);
    // A failed run has no result to show.
    await expect(page.getByRole('region', { name: 'Result' })).toHaveCount(0);
    // The state after the failure never ran.
    await expect(runStates(page)).toHaveCount(2);
    await expect(runState(page, 'Publish')).toHaveCount(0);
  });

  test('Abort… then confirming stops a running Summarize document: it ends Aborted', async ({ page }) => {
    const form = await pickWorkflow(page, workflows.summarize.name);
    // A long document: its first state takes about 3 s more, so the abort is never late on a busy machine.
    await inputField(form).fill(longDocument);
    await startRun(page, form);
    await expect(runStatus(page)).toHaveText('In progress');

    await page.getByRole('button', { name: 'Abort…' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm abort' });
    await expect(confirm).toContainText('Abort this run?');
    await confirm.getByRole('button', { name: 'Abort run' }).click();

    await expect(runStatus(page)).toHaveText('Aborted', runEnd);
    await expect(page.getByRole('button', { name: 'Abort…' })).toHaveCount(0);
    await expect(statusIn(runStates(page).last())).toHaveText('Aborted');
    const stopped = await runStates(page).count();
    expect(stopped).toBeLessThan(3);

    // Past the time the whole run would take, the server still has it aborted: a reload reads its states afresh.
    await page.waitForTimeout(5_500);
    await page.reload();
    await expect(runStatus(page)).toHaveText('Aborted');
    await expect(runStates(page)).toHaveCount(stopped);
    await expect(statusIn(runStates(page).last())).toHaveText('Aborted');
    await expect(runState(page, 'Write summary')).toHaveCount(0);
  });
});
