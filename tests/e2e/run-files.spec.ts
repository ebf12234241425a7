// Files checked at a run's start (current servers, CURRENT-SERVERS.md §7): another person's upload is refused with a
// 400 before anything runs. The launcher says which file and why beside the file field and asks for it again (the
// field emptied, the rest kept); running that run again asks again, and the person's own file runs.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './csp';
import { inputField, openWorkflows, pickWorkflow, platformOrigin, runUrl, signIn, unique, workflows } from './support';

/** A file uploaded by the viewer: its token names them as its owner. */
async function viewersUpload(request: APIRequestContext, name: string): Promise<string> {
  const token = await request.post(`${platformOrigin}/auth/realms/local/protocol/openid-connect/token`, {
    form: { grant_type: 'password', client_id: 'sdk-client', username: 'viewer', password: 'viewer', scope: 'openid' },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const upload = await request.post(`${platformOrigin}/code-assistant-api/v1/files/`, {
    headers: { Authorization: `Bearer ${access_token}` },
    multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from('the viewer’s notes') } },
  });
  expect(upload.ok()).toBe(true);
  return ((await upload.json()) as { file_url: string }).file_url;
}

test('another person’s upload is refused at start: named beside the file field, and asked for again', async ({
  page,
}) => {
  const theirs = await viewersUpload(page.request, 'viewers-notes.txt');
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.summarize.name);
  const input = unique('Cats sleep a lot');
  await inputField(form).fill(input);
  const file = form.getByLabel('File', { exact: true });
  await file.fill(theirs);
  await expect(form.getByRole('button', { name: 'Remove viewers-notes.txt' })).toBeVisible();
  await form.getByRole('button', { name: 'Start run' }).click();

  // Beside the field, not only in the form's error: which file, the server's reason, what to do.
  await expect(file).toHaveValue('');
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  const hint = form.locator('.file-field .field-error');
  await expect(hint).toContainText('Choose “viewers-notes.txt” again: the server refused it when the run started');
  await expect(hint).toContainText('uploaded by someone else');
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(inputField(form)).toHaveValue(input);

  // Running that refused start again (from the Runs list) takes its fields and the file, and asks again.
  await page.getByRole('link', { name: 'All runs', exact: true }).click();
  const row = page
    .getByRole('table', { name: 'Runs', exact: true })
    .locator('tbody')
    .getByRole('row')
    .filter({ hasText: input });
  await row.getByRole('button', { name: /^Actions for run of Summarize document/ }).click();
  await page.getByRole('menuitem', { name: 'Run again' }).click();
  await expect(form.getByRole('button', { name: 'Remove viewers-notes.txt' })).toBeVisible();
  await expect(hint).toHaveCount(0);
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(hint).toContainText('Choose “viewers-notes.txt” again');
  await expect(file).toHaveValue('');
  await expect(inputField(form)).toHaveValue(input);

  // The person's own copy: the message goes, and the run starts.
  await form.getByLabel('Choose a file to upload').setInputFiles({
    name: 'my-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('my own notes'),
  });
  await expect(form.getByRole('button', { name: 'Remove my-notes.txt' })).toBeVisible();
  await expect(hint).toHaveCount(0);
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(runUrl);
});
