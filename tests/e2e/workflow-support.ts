// The Workflows screens as a person reaches them: the launcher, a run's page, the server's exports.
import { expect, type Locator, type Page } from '@playwright/test';
import { catalogOption } from './support';

export const workflows = {
  summarize: { id: 'b2000000-0000-4000-8000-000000000001', name: 'Summarize document' },
  payroll: { id: 'b2000000-0000-4000-8000-000000000002', name: 'Payroll audit' },
  tagEcho: { id: 'b2000000-0000-4000-8000-000000000003', name: 'Tag echo' },
  failing: { id: 'b2000000-0000-4000-8000-000000000004', name: 'Failing pipeline' },
  approval: { id: 'b2000000-0000-4000-8000-000000000007', name: 'Approval gate' },
} as const;

/** Opens the Workflows launcher from the rail. */
export async function openWorkflows(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workflows', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Workflows', level: 1 })).toBeVisible();
}

/** The launcher form of one workflow ("Run Summarize document"). */
export const launchForm = (page: Page, name: string) => page.getByRole('form', { name: `Run ${name}` });

/** The launcher's workflow picker: a combobox that reads the chosen workflow while closed. */
export const workflowField = (page: Page) => page.getByRole('combobox', { name: 'Workflow', exact: true });

/** Searches the workflow picker for a name, clicks that option and waits for its form. */
export async function pickWorkflow(page: Page, name: string) {
  await workflowField(page).fill(name);
  await catalogOption(page, name).click();
  await expect(workflowField(page)).toHaveValue(name);
  const form = launchForm(page, name);
  await expect(form.getByRole('heading', { name, level: 2 })).toBeVisible();
  return form;
}

/** Types tags into the chip field as a person would: each one followed by Enter or a comma. */
export async function typeTags(page: Page, tags: readonly string[], separator: 'Enter' | ',' = 'Enter'): Promise<void> {
  const field = page.getByLabel('Tags', { exact: true });
  for (const tag of tags) {
    await field.pressSequentially(tag);
    await field.press(separator);
  }
}

/** The tag chips as the launcher shows them. */
export const tagChips = (page: Page) => page.getByRole('list', { name: /^Tags: \d+ of \d+$/ }).getByRole('listitem');

/** The header of a run page: its title and overall status. */
export const runHeader = (page: Page) =>
  page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });

/** The status word of a run (in its page header) or of one state ("Succeeded", "In progress"). */
export const statusIn = (scope: Locator) => scope.locator('.run-status');

/** One state of the run page, by name ("Write summary"). */
export const runState = (page: Page, name: string) =>
  page.getByRole('listitem', { name: `State ${name}`, exact: true });

/** Every state of the run page, in order. */
export const runStates = (page: Page) =>
  page.getByRole('region', { name: 'States' }).getByRole('listitem', { name: /^State / });

/** The files of a zip (stored or deflated entries), read from its local headers: enough for the server's exports. */
export async function unzip(bytes: Buffer): Promise<Record<string, string>> {
  const { inflateRawSync } = await import('node:zlib');
  const files: Record<string, string> = {};
  let at = 0;
  while (at + 30 <= bytes.length && bytes.readUInt32LE(at) === 0x04034b50) {
    const method = bytes.readUInt16LE(at + 8);
    const size = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extraLength = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extraLength;
    const data = bytes.subarray(start, start + size);
    files[name] = (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    at = start + size;
  }
  return files;
}

/** One fact of the run page's list ("Started", "Headers"): the value beside its name. */
export const runFact = (page: Page, name: string) =>
  page
    .locator('.run-meta dt')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .locator('+ dd');

/** What a run produced: its last state's output, shown once after the timeline. */
export const runResult = (page: Page) => page.getByRole('region', { name: 'Result' }).getByTestId('state-output');

export const approvalGate = { id: 'b2000000-0000-4000-8000-000000000007', name: 'Approval gate' } as const;

// Summarize document runs about 4 s; with the console's polling backoff its end shows within ~9 s.
export const runEnd = { timeout: 20_000 };
export const runUrl = /\/workflows\/runs\/[0-9a-f-]{36}$/;

/** Something unique to this test run, so nothing left over from another run can satisfy an assertion. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

// By role, not getByLabel: React mirrors a textarea's value into its text, which Playwright's label match reads as
// part of the label ("Input2026-07"); the accessible name stays "Input".
export const inputField = (form: Locator) => form.getByRole('textbox', { name: 'Input', exact: true });

/** The run's overall status, as its page header shows it. */
export const runStatus = (page: Page) => statusIn(runHeader(page));

/** Starts the launcher's run and waits for its page. */
export async function startRun(page: Page, form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(runUrl);
}
