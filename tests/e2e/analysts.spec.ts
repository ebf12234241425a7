import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { readFile } from 'node:fs/promises';
import {
  inputField,
  openWorkflows,
  pickWorkflow,
  platformOrigin,
  runHeader,
  runUrl,
  signIn,
  statusIn,
  unique,
  unzip,
  workflows,
} from './support';

// Analysts on a real deployment: runs that stop for a person are continued from here.

const runEnd = { timeout: 25_000 };
const waiting = (page: Page) => page.getByRole('region', { name: 'Waiting for you' });

async function startApproval(page: Page, input: string, stream: boolean): Promise<void> {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.approval.name);
  await inputField(form).fill(input);
  const live = form.getByRole('checkbox', { name: /Stream live/ });
  if ((await live.isChecked()) !== stream) await live.click();
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(runUrl);
}

test('a streamed run waits for a person; its output is edited and it continues with a message to Succeeded', async ({
  page,
}) => {
  const office = unique('office');
  await startApproval(page, `the ${office} opens`, true);
  await expect(waiting(page)).toBeVisible(runEnd);
  await expect(waiting(page)).toContainText('Publish');
  await expect(waiting(page).getByText(`Draft announcement: the ${office} opens`)).toBeVisible();

  await waiting(page).getByRole('button', { name: 'Edit output…' }).click();
  const output = waiting(page).getByRole('textbox', { name: /^Output of Draft/ });
  await expect(output).toHaveValue(`Draft announcement: the ${office} opens.`);
  await output.fill(`Draft announcement: the ${office} opens on Monday at nine.`);
  // Typed text survives a reload before it is sent.
  await page.reload();
  await waiting(page).getByRole('button', { name: 'Edit output…' }).click();
  await expect(waiting(page).getByRole('textbox', { name: /^Output of Draft/ })).toHaveValue(
    `Draft announcement: the ${office} opens on Monday at nine.`,
  );
  await waiting(page)
    .getByRole('textbox', { name: /^Message/ })
    .fill('Approved by Dana');
  const resumed = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/resume'));
  await waiting(page).getByRole('button', { name: 'Save output and continue' }).click();
  const call = await resumed;
  expect(new URL(call.url()).searchParams.get('stream')).toBe('true');
  expect(call.postDataJSON()).toEqual({ user_input: 'Approved by Dana' });

  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
  await expect(waiting(page)).toHaveCount(0);
  await expect(page.getByText('Reviewer note: Approved by Dana').first()).toBeVisible();
  await expect(page.getByText(`the ${office} opens on Monday at nine`).first()).toBeVisible();
  // The timeline shows the edited output as edited, and what was sent with the continuation; a reload keeps both.
  for (const reloaded of [false, true]) {
    if (reloaded) await page.reload();
    const draft = page.getByRole('listitem', { name: 'State Draft' });
    await expect(draft.locator('summary')).toContainText('edited by you');
    await expect(draft.locator('summary')).toContainText('opens on Monday at nine');
    const continued = page.getByRole('region', { name: 'Continued by you' });
    await expect(continued).toContainText('after editing the output of Draft');
    await expect(continued).toContainText('with the message “Approved by Dana”');
  }
});

test('a run started without streaming is continued as it is, and one left waiting can be aborted', async ({ page }) => {
  await startApproval(page, unique('launch'), false);
  await expect(waiting(page)).toBeVisible(runEnd);
  const resumed = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/resume'));
  await waiting(page).getByRole('button', { name: 'Continue', exact: true }).click();
  const call = await resumed;
  expect(new URL(call.url()).searchParams.get('stream')).toBeNull();
  expect(call.postData()).toBeNull();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);

  await page.goBack();
  const form = await pickWorkflow(page, workflows.approval.name);
  await inputField(form).fill(unique('abandoned'));
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(waiting(page)).toBeVisible(runEnd);
  await waiting(page).getByRole('button', { name: 'Abort…' }).click();
  await waiting(page).getByRole('button', { name: 'Abort run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Aborted', runEnd);
});

test('a waiting run continues with an attached file, sent as file_names on the resume', async ({ page }) => {
  await startApproval(page, unique('with-file'), false);
  await expect(waiting(page)).toBeVisible(runEnd);
  await waiting(page).getByRole('button', { name: 'Continue with message…' }).click();
  await waiting(page)
    .getByLabel('Choose a file to upload')
    .setInputFiles({ name: 'sign-off.txt', mimeType: 'text/plain', buffer: Buffer.from('signed off') });
  await expect(waiting(page).getByRole('button', { name: 'Remove sign-off.txt' })).toBeVisible();
  const resumed = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/resume'));
  await waiting(page).getByRole('button', { name: 'Continue with message' }).click();
  const body = (await resumed).postDataJSON() as { file_names?: string[]; user_input?: string };
  expect(body.user_input).toBeUndefined();
  expect(body.file_names).toHaveLength(1);
  expect(Buffer.from(body.file_names?.[0] ?? '', 'base64').toString('utf8')).toMatch(/~sign-off\.txt$/);
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
});

test('a finished run shows its token usage, exports the server’s zip, and is deleted after a confirmation', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.summarize.name);
  const input = `${unique('report')}. Revenue rose. Costs fell.`;
  await inputField(form).fill(input);
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(runUrl);
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
  await expect(page.locator('.run-meta')).toContainText(/\d[\d,]* in · \d[\d,]* out/);

  // A state's own thought tree, read from the server when asked for.
  const read = page.getByRole('listitem', { name: 'State Read input' });
  await read.getByRole('button', { name: /^Show thoughts/ }).click();
  await expect(read.getByRole('button', { name: /^Thoughts · 1 step/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(read.getByLabel('Thought tree')).toContainText('Read input');

  const tokenInUrl: string[] = [];
  page.on(
    'request',
    (request) =>
      request.url().includes('/export') && /token|authorization/i.test(request.url()) && tokenInUrl.push(request.url()),
  );
  await page.getByRole('button', { name: 'Export run' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Markdown, one file per state (.zip)' }).click();
  const saved = await downloading;
  expect(saved.suggestedFilename()).toMatch(/^Summarize-document_.*\.zip$/);
  const files = await unzip(await readFile((await saved.path()) as string));
  const names = Object.keys(files);
  expect(names).toHaveLength(3);
  expect(names.every((name) => /_succeeded\.md$/.test(name))).toBe(true);
  expect(Object.values(files).join('\n')).toContain('Summary');
  expect(tokenInUrl).toEqual([]);

  const runPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('group', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete run' }).click();
  await expect(page).toHaveURL(/\/workflows\/runs$/);
  await page.goto(runPath);
  await expect(page.getByRole('alert')).toContainText('not in this browser’s history');
});

test('a run forked with changes shows its lineage both ways and compares with its parent, the changed output highlighted', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.summarize.name);
  const first = `${unique('first')}. Revenue rose by ten percent. Costs fell.`;
  await inputField(form).fill(first);
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(runUrl);
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
  const parentUrl = page.url();

  await page.getByRole('button', { name: 'Run again with changes' }).click();
  const again = page.getByRole('form', { name: `Run ${workflows.summarize.name}` });
  // What being a fork means is said where it is offered, with the way back to the parent.
  const fork = again.getByRole('status').filter({ hasText: 'A fork of the run of' });
  await expect(fork).toContainText('The new run records that run as its parent');
  await expect(fork.getByRole('link', { name: /^the run of / })).toHaveAttribute('href', new URL(parentUrl).pathname);
  await expect(fork.getByRole('button', { name: 'Unlink: start an unrelated run' })).toBeVisible();
  await expect(inputField(again)).toHaveValue(first);
  const second = `${unique('second')}. Revenue fell sharply. Costs rose by a third. Staff left.`;
  await inputField(again).fill(second);
  await again.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(runUrl);
  expect(page.url()).not.toBe(parentUrl);
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
  const lineage = page.getByRole('navigation', { name: 'Related runs' });
  await expect(lineage).toContainText('Forked from');

  await lineage.getByRole('link', { name: 'Compare with parent' }).click();
  await expect(page.getByRole('heading', { name: 'Compare runs', level: 1 })).toBeVisible();
  // Which run is the parent is said, not left to the order of the columns.
  await expect(page.getByRole('group', { name: 'Run A (Parent)' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Run B (Fork of A)' })).toContainText('Fork of A');
  await expect(page.getByText('B was forked from A (Run again with changes)')).toBeVisible();
  await expect(page.getByRole('row', { name: /^Input differs/ })).toBeVisible();
  const changed = page.locator('.compare-state.compare-differs').first();
  await expect(changed).toBeVisible();
  await expect(changed.locator('ins').first()).toBeVisible();
  await expect(page.getByRole('row', { name: /^Workflow/ })).not.toContainText('differs');

  await page.goto(parentUrl);
  await expect(page.getByRole('navigation', { name: 'Related runs' })).toContainText('Forked into');
});

test('a run started by another client (an SDK) is found “On the server”, opened as a run, and followed to its end', async ({
  page,
}) => {
  const tokenReply = await page.request.post(`${platformOrigin}/auth/realms/local/protocol/openid-connect/token`, {
    form: {
      grant_type: 'password',
      client_id: 'sdk-client',
      username: 'analyst',
      password: 'analyst',
      scope: 'openid',
    },
  });
  const { access_token: token } = (await tokenReply.json()) as { access_token: string };
  const input = `${unique('from-sdk')}. Revenue rose. Costs fell.`;
  const started = await page.request.post(
    `${platformOrigin}/code-assistant-api/v1/workflows/${workflows.summarize.id}/executions`,
    {
      headers: { Authorization: `Bearer ${token}` },
      data: { user_input: input },
    },
  );
  expect(started.ok()).toBe(true);
  const { execution_id: executionId } = (await started.json()) as { execution_id: string };

  await signIn(page, 'analyst');
  await page.goto('/workflows/runs');
  await page.getByLabel('Workflow whose server executions to list').selectOption({ label: workflows.summarize.name });
  const onServer = page.getByRole('region', { name: `On the server · ${workflows.summarize.name}` });
  await onServer.getByRole('button', { name: `Open the execution ${executionId}` }).click();
  await expect(page).toHaveURL(runUrl);
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
  await expect(page.locator('.run-meta')).toContainText(executionId);
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('Summary');

  // Now a run of this browser: listed once, in the history, not again “On the server”.
  await page.goto('/workflows/runs');
  await expect(page.getByRole('table').first()).toContainText(input.slice(0, 20));
  await page.getByLabel('Workflow whose server executions to list').selectOption({ label: workflows.summarize.name });
  await expect(onServer.getByRole('button', { name: `Open the execution ${executionId}` })).toHaveCount(0);
});
