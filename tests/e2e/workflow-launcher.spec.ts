// The workflow launcher: its picker, each workflow's draft, what a run is sent (tags, session, files) and its preview,
// a refusal on the form, the tag filter of Runs.
import type { Locator } from '@playwright/test';
import { expect, test } from './csp';
import {
  catalogOption,
  consoleOrigin,
  inputField,
  launchForm,
  openWorkflows,
  pickWorkflow,
  runEnd,
  runResult,
  runStatus,
  runUrl,
  signIn,
  startRun,
  tagChips,
  typeTags,
  unique,
  workflowField,
  workflows,
} from './support';

// notes.txt as a real server encodes an uploaded file's URL (what a run's file_names must hold).
const notesUrl = 'MTB+dGV4dC9wbGFpbjM2fjBiNmY3ZDJlLTFjM2EtNGY1ZS05YThiLTdjNmQ1ZTRmM2EyYjl+bm90ZXMudHh0';

/** The launcher's request preview, opened: its request line and its JSON body. */
async function requestPreview(form: Locator): Promise<{ line: string; body: Record<string, unknown> }> {
  const preview = form.getByLabel('Request body preview');
  if (!(await preview.isVisible())) await form.getByText('Request preview', { exact: true }).click();
  const text = await preview.innerText();
  const split = text.indexOf('\n\n');
  return { line: text.slice(0, split), body: JSON.parse(text.slice(split + 2)) as Record<string, unknown> };
}

test.describe('the launcher as analyst', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'analyst');
    await openWorkflows(page);
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

test('at 1440 × 900 Start stays in view however long the form, and Ctrl+Enter starts the run from the input', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.summarize.name);
  const start = form.getByRole('button', { name: 'Start run' });
  await expect(start).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');
  // The request preview open makes the form longer than the window; Start is in view and takes a click there.
  await form.getByText('Request preview', { exact: true }).click();
  await page.evaluate(() => document.querySelectorAll('*').forEach((element) => element.scrollTo(0, 0)));
  await expect(start).toBeInViewport({ ratio: 1 });
  await start.click({ trial: true });
  await expect(form.getByText('Ctrl', { exact: true })).toBeVisible();

  // Enter is a new line of the input; Ctrl+Enter starts the run, as its button would.
  await inputField(form).click();
  await page.keyboard.type('First line');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second line');
  await expect(page).toHaveURL(/\/workflows$/);
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(runUrl);
  await page.locator('summary', { hasText: /^Input$/ }).click();
  await expect(page.locator('.run-input pre')).toHaveText('First line\nsecond line');
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
