import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './csp';
import {
  launchForm,
  openWorkflows,
  pickWorkflow,
  consoleOrigin,
  runHeader,
  runResult,
  runState,
  runStates,
  signIn,
  statusIn,
  tagChips,
  typeTags,
  catalogOption,
  workflowField,
  workflows,
} from './support';

// notes.txt as a real server encodes an uploaded file's URL (what a run's file_names must hold).
const notesUrl = 'MTB+dGV4dC9wbGFpbjM2fjBiNmY3ZDJlLTFjM2EtNGY1ZS05YThiLTdjNmQ1ZTRmM2EyYjl+bm90ZXMudHh0';

// Summarize document runs about 4 s; with the console's polling backoff its end shows within ~9 s.
const runEnd = { timeout: 20_000 };
const runUrl = /\/workflows\/runs\/[0-9a-f-]{36}$/;
const summaryInput = 'The quarterly report shows growth. Revenue rose by ten percent. Costs fell slightly.';
const longDocument = 'The archive holds one more page of the same report. '.repeat(200);

/** Something unique to this test run, so nothing left over from another run can satisfy an assertion. */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

// By role, not getByLabel: React mirrors a textarea's value into its text, which Playwright's label match reads as
// part of the label ("Input2026-07"); the accessible name stays "Input".
const inputField = (form: Locator) => form.getByRole('textbox', { name: 'Input', exact: true });

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

/** The run's overall status, as its page header shows it. */
const runStatus = (page: Page) => statusIn(runHeader(page));

async function startRun(page: Page, form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(runUrl);
}

/** The launcher's request preview, opened: its request line and its JSON body. */
async function requestPreview(form: Locator): Promise<{ line: string; body: Record<string, unknown> }> {
  const preview = form.getByLabel('Request body preview');
  if (!(await preview.isVisible())) await form.getByText('Request preview', { exact: true }).click();
  const text = await preview.innerText();
  const split = text.indexOf('\n\n');
  return { line: text.slice(0, split), body: JSON.parse(text.slice(split + 2)) as Record<string, unknown> };
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

  test('each workflow keeps its own draft: switching carries nothing over, coming back says what was kept, New run clears', async ({
    page,
  }) => {
    const tag = unique('only-summarize');
    let form = await pickWorkflow(page, workflows.summarize.name);
    await inputField(form).fill('For the summary only');
    await typeTags(page, [tag]);

    form = await pickWorkflow(page, workflows.tagEcho.name);
    await expect(inputField(form)).toHaveValue('');
    await expect(tagChips(page)).toHaveCount(0);
    await expect(form.getByLabel('Session ID')).toHaveValue('');

    form = await pickWorkflow(page, workflows.summarize.name);
    await expect(inputField(form)).toHaveValue('For the summary only');
    await expect(tagChips(page)).toHaveText([`${tag}×`]);
    await expect(form.getByRole('status').filter({ hasText: 'earlier draft' })).toContainText('input, 1 tag');
    await form.getByRole('button', { name: 'New run' }).first().click();
    await expect(inputField(form)).toHaveValue('');
    await expect(tagChips(page)).toHaveCount(0);
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

  test('Tag echo outputs the tags, session id and file name it was sent', async ({ page }) => {
    const [tagA, tagB, session] = [unique('alpha'), unique('beta'), unique('echo-session')];
    const form = await pickWorkflow(page, workflows.tagEcho.name);
    await inputField(form).fill('Echo this');
    await typeTags(page, [tagA, tagB], ',');
    await form.getByLabel('Session ID').fill(session);
    // A plain name would fail the run on a real server: it is refused before anything starts.
    await form.getByLabel('File', { exact: true }).fill('report.pdf');
    await expect(form).toContainText('“report.pdf” is not the URL of an uploaded file.');
    // A picked file is uploaded first, with its URL in the form, then sent as file_names.
    await form.getByLabel('Choose a file to upload').setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 quarterly report'),
    });
    await expect(form.getByRole('button', { name: 'Remove report.pdf' })).toBeVisible();
    await expect(form.getByLabel('File', { exact: true })).not.toHaveValue('report.pdf');
    await startRun(page, form);

    await expect(runStatus(page)).toHaveText('Succeeded', runEnd);
    const output = runResult(page);
    await expect(output).toContainText('"tags"');
    const received: unknown = JSON.parse(await output.innerText());
    expect(received).toEqual({
      tags: [tagA, tagB],
      session_id: session,
      file_name: 'report.pdf',
      user_input: 'Echo this',
    });
    await expect(page.getByRole('definition').filter({ hasText: 'report.pdf' })).toBeVisible();

    // The same run as a call of the client libraries: Node.js positional with tags seventh, Python by keyword;
    // neither holds the token.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy as Node.js' }).click();
    const node = await page.evaluate(() => navigator.clipboard.readText());
    const nodeArgs = /client\.workflows\.run\(\n([\s\S]*?)\n\);/.exec(node)?.[1]?.split('\n') ?? [];
    expect(nodeArgs.map((line) => line.replace(/^.*\/\/ /, ''))).toEqual([
      'workflowId',
      'userInput',
      'fileName',
      'sessionId',
      'propagateHeaders',
      ...(nodeArgs.length === 7 ? ['headers'] : []),
      'tags',
    ]);
    expect(nodeArgs.at(-1)).toContain(`['${tagA}', '${tagB}']`);
    expect(nodeArgs[3]).toContain(`'${session}'`);
    await page.getByRole('button', { name: 'Copy as Python' }).click();
    const python = await page.evaluate(() => navigator.clipboard.readText());
    expect(python).toContain(`    tags=["${tagA}", "${tagB}"],`);
    expect(python).toContain(`    session_id="${session}",`);
    expect(python).toContain('    user_input="Echo this",');
    for (const code of [node, python]) expect(code).not.toMatch(/Bearer|eyJ[A-Za-z0-9_-]{10,}/);
  });

  test('the request preview shows only the fields set, and a too-long tag is refused with its reason', async ({
    page,
  }) => {
    const form = await pickWorkflow(page, workflows.tagEcho.name);
    // A streamed start says so in its body; without streaming, only what the user set is sent.
    await form.getByRole('checkbox', { name: /^Stream live/ }).check();
    expect((await requestPreview(form)).body).toEqual({ stream: true });
    await form.getByRole('checkbox', { name: /^Stream live/ }).uncheck();
    const preview = await requestPreview(form);
    expect(preview.line).toBe(
      `POST ${consoleOrigin}/code-assistant-api/v1/workflows/${workflows.tagEcho.id}/executions`,
    );
    expect(preview.body).toEqual({});

    await inputField(form).fill('Only the input');
    await expect.poll(async () => (await requestPreview(form)).body).toEqual({ user_input: 'Only the input' });
    await form.getByLabel('File', { exact: true }).fill(`  ${notesUrl} `);
    // Blank fields stay out; ids and file URLs go trimmed.
    await form.getByLabel('Session ID').fill('   ');
    await expect
      .poll(async () => (await requestPreview(form)).body)
      .toEqual({ user_input: 'Only the input', file_names: [notesUrl] });

    const tooLong = 'x'.repeat(65);
    await typeTags(page, [tooLong]);
    const tagField = page.getByLabel('Tags', { exact: true });
    await expect(form.getByRole('alert')).toContainText('is 65 characters; tags are at most 64.');
    await expect(tagField).toHaveValue(tooLong);
    await expect(tagField).toHaveAttribute('aria-invalid', 'true');
    await expect(tagChips(page)).toHaveCount(0);
    expect((await requestPreview(form)).body).toEqual({ user_input: 'Only the input', file_names: [notesUrl] });

    // At the limit a tag is taken, and the preview sends it.
    const longest = 'y'.repeat(64);
    await tagField.fill('');
    await typeTags(page, [longest]);
    await expect(tagChips(page)).toHaveText([`${longest}×`]);
    await expect(form.getByRole('alert')).toHaveCount(0);
    const withTag = { user_input: 'Only the input', file_names: [notesUrl], tags: [longest] };
    await expect.poll(async () => (await requestPreview(form)).body).toEqual(withTag);
  });
});

test('the workflow picker is a combobox: typing highlights the first match, Enter picks it and the keyboard goes to the input', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  await workflowField(page).focus();
  await page.keyboard.type('Pay');
  await expect(catalogOption(page, workflows.payroll.name)).toBeVisible();
  await expect(catalogOption(page, workflows.summarize.name)).toBeHidden();
  const active = await catalogOption(page, workflows.payroll.name).getAttribute('id');
  await expect(workflowField(page)).toHaveAttribute('aria-activedescendant', active ?? 'none');
  await page.keyboard.press('Enter');
  await expect(workflowField(page)).toHaveValue(workflows.payroll.name);
  await expect(page.getByRole('listbox')).toBeHidden();
  const form = launchForm(page, workflows.payroll.name);
  await expect(form.getByRole('heading', { name: workflows.payroll.name, level: 2 })).toBeVisible();
  await expect(form.getByLabel('Input')).toBeFocused();
  // Esc leaves a search and puts the chosen workflow back; ArrowDown opens the whole list again.
  await workflowField(page).focus();
  await page.keyboard.type('Tag');
  await page.keyboard.press('Escape');
  await expect(workflowField(page)).toHaveValue(workflows.payroll.name);
  await page.keyboard.press('ArrowDown');
  await expect(catalogOption(page, workflows.summarize.name)).toBeVisible();
  await expect(catalogOption(page, workflows.payroll.name)).toHaveAttribute('aria-selected', 'true');
});

test('at 375 px the workflow picker is one field atop the launcher, and the form is on the first screen after a pick', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workflows', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Workflows', level: 1 })).toBeVisible();
  const form = await pickWorkflow(page, workflows.summarize.name);
  // Measured from the top of the page as it first shows, whatever scrolled while picking.
  await page.evaluate(() => document.querySelectorAll('*').forEach((element) => element.scrollTo(0, 0)));
  const box = await inputField(form).boundingBox();
  expect(box, 'the Input field is laid out').not.toBeNull();
  expect((box?.y ?? 0) + 40, `the Input field starts at ${box?.y} px`).toBeLessThanOrEqual(740);
  // No nested scroll area in the launcher to capture the wheel.
  const nested = await page.locator('.workflows-layout').evaluate((layout) =>
    Array.from(layout.querySelectorAll('*'))
      .filter(
        (element) =>
          ['auto', 'scroll'].includes(getComputedStyle(element).overflowY) &&
          element.scrollHeight > element.clientHeight + 1,
      )
      .map((element) => element.className),
  );
  expect(nested).toEqual([]);
});

test('viewer starting Payroll audit gets a permission message on the form, which keeps every value', async ({
  page,
}) => {
  await signIn(page, 'viewer');
  await openWorkflows(page);
  const [tagA, tagB, session] = [unique('audit'), unique('july'), unique('payroll-session')];
  const form = await pickWorkflow(page, workflows.payroll.name);
  await inputField(form).fill('2026-07');
  await typeTags(page, [tagA, tagB]);
  await form.getByLabel('Session ID').fill(session);
  await form.getByLabel('File', { exact: true }).fill(notesUrl);
  await form.getByRole('button', { name: 'Start run' }).click();

  const alert = form.getByRole('alert');
  await expect(alert).toContainText('Permission denied');
  await expect(alert).toContainText("You do not have permission to run the workflow 'Payroll audit'.");
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(inputField(form)).toHaveValue('2026-07');
  await expect(tagChips(page)).toHaveText([`${tagA}×`, `${tagB}×`]);
  await expect(form.getByLabel('Session ID')).toHaveValue(session);
  await expect(form.getByLabel('File', { exact: true })).toHaveValue(notesUrl);
  await expect(form.getByRole('button', { name: 'Start run' })).toBeEnabled();
});

test('a tag on the run page filters the runs, and the filter lives in the address: kept by a reload, undone by Back', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const tag = unique('addressable');
  const form = await pickWorkflow(page, workflows.tagEcho.name);
  await inputField(form).fill('Filter me');
  await typeTags(page, [tag]);
  await startRun(page, form);
  await expect(runStatus(page)).toHaveText('Succeeded', runEnd);
  const runPage = page.url();

  await page.getByRole('link', { name: tag, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/runs\\?tag=${tag}`));
  const runs = page.getByRole('table', { name: 'Runs', exact: true }).locator('tbody').getByRole('row');
  await expect(runs).toHaveCount(1);
  await expect(page.getByText(`Tag: ${tag}`)).toBeVisible();
  await page.reload();
  await expect(runs).toHaveCount(1);
  await expect(page.getByText(`Tag: ${tag}`)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(runPage);
  // The rail lists the run among the recent ones.
  await expect(page.getByRole('list', { name: 'Recent runs' }).getByRole('link').first()).toContainText(
    workflows.tagEcho.name,
  );
});
