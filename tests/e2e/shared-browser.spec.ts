// Two people on one browser profile (a demo laptop, a meeting-room machine): what one of them typed, picked and
// kept stays theirs. Sign out takes their drafts and picks out of web storage; Clear local data and "Sign out and
// remove my data" take everything of theirs out of web storage and IndexedDB; a big draft never costs the sign-in.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  answerLogout,
  assistantField,
  openChat,
  openWorkflows,
  pickWorkflow,
  signIn,
  signOut,
  typeTags,
  workflows,
} from './support';

const addedAssistant = 'a1ce0000-0000-4000-8000-00000000a11e';
const marks = ['ANALYST-LAUNCH-DRAFT', 'analyst-only-tag', 'ANALYST-BATCH-LINE', addedAssistant];

/** Every key and value in web storage, as "area key=value". */
const webStorageEntries = (page: Page) =>
  page.evaluate(() =>
    (['localStorage', 'sessionStorage'] as const).flatMap((area) =>
      Object.keys(window[area]).map((key) => `${area} ${key}=${window[area].getItem(key) ?? ''}`),
    ),
  );

/** The signed-in person's subject, read from the sign-in's own record. */
const subjectOf = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    return (JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as { profile?: { sub?: string } }).profile?.sub ?? '';
  });

/** How many records of `owner` the console's database holds, over all its tables. */
const recordsOf = (page: Page, owner: string) =>
  page.evaluate(async (owner) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('assistant-console');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    let count = 0;
    for (const name of Array.from(db.objectStoreNames)) {
      const all = await new Promise<unknown[]>((resolve) => {
        const reading = db.transaction(name).objectStore(name).getAll();
        reading.onsuccess = () => resolve(reading.result as unknown[]);
      });
      count += all.filter((record) => (record as { owner?: unknown }).owner === owner).length;
    }
    db.close();
    return count;
  }, owner);

/** What of the person web storage still holds: entries naming their subject or carrying what they typed. */
async function leftoversOf(page: Page, subject: string) {
  const entries = await webStorageEntries(page);
  return entries.filter(
    (entry) =>
      !entry.startsWith('sessionStorage oidc.') &&
      [encodeURIComponent(subject), ...marks].some((mark) => entry.includes(mark)),
  );
}

/** The analyst picks an assistant by ID, turns on web search, and types launcher and batch drafts. */
async function leaveTracesAsAnalyst(page: Page) {
  await openChat(page);
  await page.getByRole('button', { name: 'Add by ID' }).click();
  await page.getByLabel('Add an assistant by ID').fill(addedAssistant);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(assistantField(page)).toHaveValue('Assistant a1ce0000');
  await page.getByRole('button', { name: /^Extra tools/ }).click();
  await page.getByRole('switch', { name: 'Web search' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Extra tools/ })).toContainText('web');

  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.summarize.name);
  await form.getByLabel('Input', { exact: true }).fill('ANALYST-LAUNCH-DRAFT');
  await typeTags(page, ['analyst-only-tag']);
  await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'Batch' }).click();
  await page
    .getByRole('form', { name: `Batch of ${workflows.summarize.name}` })
    .getByLabel('One input per line')
    .fill('ANALYST-BATCH-LINE');
  // Drafts are written once typing pauses.
  await expect.poll(async () => (await webStorageEntries(page)).join('\n')).toContain('ANALYST-BATCH-LINE');
  const stored = (await webStorageEntries(page)).join('\n');
  for (const mark of marks) expect(stored).toContain(mark);
}

test('after Sign out, the next person sees nothing of the first one’s drafts, picks or tool switches', async ({
  page,
}) => {
  await signIn(page, 'analyst', { fresh: true });
  const analyst = await subjectOf(page);
  await leaveTracesAsAnalyst(page);

  await signOut(page);
  expect(await leftoversOf(page, analyst)).toEqual([]);

  await signIn(page, 'viewer', { fresh: true });
  await expect(assistantField(page)).not.toHaveValue('Assistant a1ce0000');
  await expect(page.getByRole('button', { name: /^Extra tools/ })).toHaveText(/^Extra tools▾$/);
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.summarize.name);
  await expect(form.getByLabel('Input', { exact: true })).toHaveValue('');
  await expect(page.getByText('analyst-only-tag')).toHaveCount(0);
  await expect(page.getByText('Your earlier draft for this workflow is back')).toHaveCount(0);
  expect(await leftoversOf(page, analyst)).toEqual([]);
});

test('Clear local data, then "Sign out and remove my data", leave nothing of the person in this browser', async ({
  page,
}) => {
  await signIn(page, 'analyst', { fresh: true });
  const analyst = await subjectOf(page);
  await leaveTracesAsAnalyst(page);
  expect(await recordsOf(page, analyst)).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Clear local data…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear local data' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Local data cleared' })).toBeVisible();
  // Still signed in: what they typed and picked is gone from web storage.
  await expect.poll(() => leftoversOf(page, analyst)).toEqual([]);

  await leaveTracesAsAnalyst(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Sign out and remove my data from this browser…' }).click();
  const dialog = page.getByRole('dialog', { name: /Remove the data of .* and sign out\?/ });
  const origin = new URL(page.url()).origin;
  await answerLogout(page, origin, () => dialog.getByRole('button', { name: 'Remove my data and sign out' }).click());
  await page.waitForURL((url) => url.origin === origin);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await leftoversOf(page, analyst)).toEqual([]);
  expect(await recordsOf(page, analyst)).toBe(0);
  expect((await webStorageEntries(page)).filter((entry) => entry.includes('oidc.user:'))).toEqual([]);
});

test('a batch draft over its size limit says so, and a full tab storage does not stop the next sign-in', async ({
  page,
}) => {
  await signIn(page, 'analyst', { fresh: true });
  await openWorkflows(page);
  await pickWorkflow(page, workflows.summarize.name);
  await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'Batch' }).click();
  const form = page.getByRole('form', { name: `Batch of ${workflows.summarize.name}` });
  await form.getByRole('radio', { name: 'CSV file' }).check();
  const rows = Array.from({ length: 24_000 }, (_, index) => `Document number ${index} to summarize in a few words`);
  await form.locator('input[type="file"]').setInputFiles({
    name: 'big.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['input', ...rows].join('\n')),
  });
  await expect(form.getByRole('status').filter({ hasText: 'big.csv is over 1 MB' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Too big to keep in this browser' })).toContainText(
    'The batch draft is over 1 MB: it stays on this page but is not kept for a reload.',
  );
  expect((await webStorageEntries(page)).filter((entry) => entry.includes('Document number'))).toEqual([]);

  // Someone's draft left in this tab fills its storage to the last bytes; the next sign-in still gets its room.
  await signOut(page);
  await page.evaluate(() => {
    const key = 'assistant-console.workflow-batch-draft:someone-else';
    let value = '';
    let chunk = 'x'.repeat(1 << 20);
    for (;;) {
      try {
        sessionStorage.setItem(key, value + chunk);
        value += chunk;
      } catch {
        if (chunk.length <= 8) break;
        chunk = chunk.slice(0, chunk.length / 2);
      }
    }
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill('viewer');
  await page.getByLabel('Password').fill('viewer');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Victor Viewer');
  expect((await webStorageEntries(page)).some((entry) => entry.includes('someone-else'))).toBe(false);
});

test('Clear local data reaches the person’s other tab: it drops its draft and says why', async ({ page, context }) => {
  await signIn(page, 'analyst');
  const analyst = await subjectOf(page);
  const other = await context.newPage();
  await signIn(other, 'analyst');
  await openWorkflows(other);
  const form = await pickWorkflow(other, workflows.summarize.name);
  await form.getByLabel('Input', { exact: true }).fill('ANALYST-LAUNCH-DRAFT');
  await expect.poll(async () => (await webStorageEntries(other)).join('\n')).toContain('ANALYST-LAUNCH-DRAFT');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Clear local data…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear local data' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Local data cleared' })).toBeVisible();

  await expect.poll(() => leftoversOf(other, analyst)).toEqual([]);
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'Local data was cleared in another tab' })).toBeVisible();
  await openWorkflows(other);
  await expect(other.getByText('ANALYST-LAUNCH-DRAFT')).toHaveCount(0);
});
