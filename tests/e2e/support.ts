import { expect, type Locator, type Page } from '@playwright/test';

export const assistants = {
  general: { id: 'a1000000-0000-4000-8000-000000000001', name: 'General Assistant' },
  slow: { id: 'a1000000-0000-4000-8000-000000000002', name: 'Slow Storyteller' },
  broken: { id: 'a1000000-0000-4000-8000-000000000003', name: 'Broken Assistant' },
  restricted: { id: 'a1000000-0000-4000-8000-000000000004', name: 'Finance Auditor' },
  seedRestricted: { id: 'a1000000-0000-4000-8000-0000000000f4', name: 'Restricted (403)' },
} as const;

export * from './answer-samples';
export * from './workflow-support';

export const platformOrigin = 'http://localhost:8080';
/** The console's origin: it reaches the API there too, through its proxy (vite preview here, nginx in production). */
export const consoleOrigin = 'http://localhost:4173';

/** Sessions this worker signed in through the form, by username: what the console keeps in sessionStorage. */
const sessions = new Map<string, { origin: string; items: Array<[string, string]>; at: number }>();
// Well inside the renewal the console plans (a minute before the 10-minute tokens of the e2e platform expire),
// with room for the longest test: a reused session never renews, so no test spends another's refresh token.
const sessionReuseMs = 3 * 60_000;

/** Runs before the console's scripts: puts a session back into a fresh tab's sessionStorage, once. */
function restoreSession({ origin, items }: { origin: string; items: Array<[string, string]> }): void {
  if (window.location.origin !== origin || sessionStorage.getItem('e2e:restored')) return;
  for (const [key, value] of items) sessionStorage.setItem(key, value);
  sessionStorage.setItem('e2e:restored', '1');
}

/**
 * The start page redirects to the chat: a click on the rail before that navigation settles would be overtaken by it,
 * so tests go on once the chat is the page.
 */
async function settledOnChat(page: Page): Promise<void> {
  const path = new URL(page.url()).pathname;
  if (path === '/' || path.startsWith('/auth/')) await page.waitForURL((url) => url.pathname.startsWith('/chat'));
}

/**
 * Signs in through the local identity provider's real login form. The session that gives is reused by the
 * next tests of this worker for a few minutes, as a reload would restore it (the form takes ~3 s each time);
 * `fresh` always goes through the form: for tests of the sign-in itself and those that renew the session.
 */
export async function signIn(
  page: Page,
  username: string,
  { password = username, fresh = false }: { password?: string; fresh?: boolean } = {},
): Promise<void> {
  const known = sessions.get(username);
  if (!fresh && password === username && known && Date.now() - known.at < sessionReuseMs) {
    await page.addInitScript(restoreSession, { origin: known.origin, items: known.items });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await settledOnChat(page);
    return;
  }
  await page.goto('/');
  await expect(page.getByText('Local platform', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(page.url()).not.toContain('code=');
  await settledOnChat(page);
  if (password !== username) return;
  const items = await page.evaluate(() =>
    Object.entries(sessionStorage).filter(([key]) => key.startsWith('oidc.user:')),
  );
  sessions.set(username, { origin: new URL(page.url()).origin, items, at: Date.now() });
}

/**
 * A second tab of the same sign-in, as a duplicated tab has it: the first tab's session copied into its
 * sessionStorage before the console starts, then opened at the console's address.
 */
export async function openDuplicatedTab(page: Page): Promise<Page> {
  const items = await page.evaluate(() =>
    Object.entries(sessionStorage).filter(([key]) => key.startsWith('oidc.user:')),
  );
  const other = await page.context().newPage();
  await other.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e:copied')) return;
    for (const [key, value] of entries) sessionStorage.setItem(key, value);
    sessionStorage.setItem('e2e:copied', '1');
  }, items);
  await other.goto('/');
  return other;
}

/** The local identity provider's logout confirmation, as Keycloak asks it. */
export const logoutConfirmation = (page: Page) => page.getByRole('heading', { name: 'Do you want to log out?' });

const atLogout = (url: URL) => url.pathname.endsWith('/protocol/openid-connect/logout');

/**
 * Does `leave` (the click that signs out), then waits for the provider's logout page and answers its question with Log
 * out, or (`abandon`) walks away from it to `origin`. The wait is armed before the click: a session restored into a
 * new browser context (signIn reuses them) has no session at the provider, which then asks nothing and sends the
 * browser straight back, quicker than a wait started after the click would see.
 */
export async function answerLogout(
  page: Page,
  origin: string,
  leave: () => Promise<void>,
  { abandon = false } = {},
): Promise<void> {
  const reached = page.waitForURL(atLogout, { waitUntil: 'commit' });
  await leave();
  await reached;
  const backHome = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(logoutConfirmation(page).or(backHome)).toBeVisible();
  if (!(await logoutConfirmation(page).isVisible())) return;
  if (abandon) await page.goto(origin);
  else await page.getByRole('button', { name: 'Log out' }).click();
}

/**
 * Signs out as a person does: the console's Sign out, then the provider's "Do you want to log out?" answered (or
 * left unanswered), and back on the console's sign-in page. The sessions this worker reused are dropped: sign-out
 * revoked the refresh token they share.
 */
export async function signOut(page: Page, { abandon = false }: { abandon?: boolean } = {}): Promise<void> {
  const origin = new URL(page.url()).origin;
  sessions.clear();
  await answerLogout(page, origin, () => page.getByRole('button', { name: 'Sign out', exact: true }).click(), {
    abandon,
  });
  await page.waitForURL((url) => url.origin === origin);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
}

/** The chat's assistant picker: a combobox that reads the chosen assistant while closed. */
export const assistantField = (page: Page) => page.getByRole('combobox', { name: 'Assistant', exact: true });

/** An option of the open picker list, by its name (its description is its accessible description). */
export const catalogOption = (page: Page, name: string) => page.getByRole('option', { name, exact: true });

/** Searches the assistant picker for a name and clicks that option. */
export async function pickAssistant(page: Page, name: string): Promise<void> {
  await assistantField(page).fill(name);
  await catalogOption(page, name).click();
  await expect(assistantField(page)).toHaveValue(name);
}

/** The chat bar's model select: its button reads "Model", then the chosen model. */
export const modelSelect = (page: Page) => page.getByRole('button', { name: /^Model / });

/** Chooses a model in the chat bar's select by its label ("Claude Sonnet 4", "Assistant default", "Other model…"). */
export async function chooseModel(page: Page, label: string): Promise<void> {
  await modelSelect(page).click();
  await page.getByRole('listbox').getByRole('option', { name: label }).click();
}

/** Makes a header profile the active one from the chat bar's chip, through its quick switcher. */
export async function chooseHeaderProfile(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: /^Headers/ }).click();
  await page.getByRole('dialog', { name: 'Custom headers' }).getByRole('option', { name: label }).click();
  await expect(page.getByRole('dialog', { name: 'Custom headers' })).toBeHidden();
}

/** Turns header forwarding on or off from the chat bar's chip, through its quick switcher. */
export async function setForwarding(page: Page, on: boolean): Promise<void> {
  await page.getByRole('button', { name: /^Headers/ }).click();
  await page
    .getByRole('dialog', { name: 'Custom headers' })
    .getByRole('switch', { name: 'Forward headers' })
    .setChecked(on);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Custom headers' })).toBeHidden();
}

export async function ask(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Message').press('Enter');
}

/** Asks, and waits for the answer to complete. */
export async function askAndWait(page: Page, text: string): Promise<void> {
  await ask(page, text);
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });
}

export const lastTurn = (page: Page) => page.getByRole('article').last();

/** The Inspector's calls, one row each (the header row left out). */
export const callRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Calls' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** Opens the Inspector from the rail and searches its calls (a trace id, a request id); gives back the rows found. */
export async function findCalls(page: Page, search: string): Promise<Locator> {
  await page.getByRole('link', { name: 'Inspector', exact: true }).first().click();
  await page.getByRole('searchbox', { name: 'Search calls' }).fill(search);
  return callRows(page);
}

/**
 * Opens the newest answer's Details (its call in the inspector, client-library copies, request and trace ids, stream
 * health) from the one control at the end of its row of actions; gives back what it opened.
 */
export async function openDetails(page: Page): Promise<Locator> {
  const toggle = lastTurn(page).getByRole('button', { name: /^Details/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const details = lastTurn(page).getByRole('group', { name: 'Details of this answer' });
  await expect(details).toBeVisible();
  return details;
}

/** The status line of the newest answer ("Completed", "Interrupted — …"). */
export const lastStatus = (page: Page) => lastTurn(page).locator('.status-label');

export const headerAssistants = {
  inspector: { id: 'a1000000-0000-4000-8000-00000000000b', name: 'Header Inspector' },
  tenant: { id: 'a1000000-0000-4000-8000-00000000000c', name: 'Tenant Data' },
} as const;

/** Opens the Headers screen from the rail. */
export async function openHeaders(page: Page): Promise<void> {
  // A navigation still settling in the console can overtake the click (noted on the tracker): the click is repeated.
  await expect(async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Headers', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Headers', level: 1 })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByLabel('Profile name')).toBeVisible();
}

export async function openChat(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page.getByLabel('Message')).toBeVisible();
}

/** Adds a header row to the active profile by typing, as a person would. */
export async function addHeader(page: Page, name: string, value: string): Promise<void> {
  const rows = page.getByTestId('header-row');
  const position = (await rows.count()) + 1;
  await page.getByRole('button', { name: 'Add header' }).click();
  await page.getByLabel(`Header ${position} name`).fill(name);
  await page.getByLabel(`Header ${position} value`).fill(value);
}

/** The newest turn's Headers panel: a one-line summary until it is opened. */
export const proofPanel = (page: Page) => lastTurn(page).locator('details.header-proof');

/** Opens the newest turn's Headers panel, as a reader does, by its summary line. */
export async function openProof(page: Page): Promise<void> {
  const panel = proofPanel(page);
  await expect(panel).toBeVisible();
  if (!(await panel.evaluate((element) => (element as HTMLDetailsElement).open)))
    await panel.locator('summary').click();
  await expect(panel.locator('.proof-table')).toBeVisible();
}

/** The row of one header in the newest turn's Headers panel. */
export const proofRow = (page: Page, name: string) =>
  lastTurn(page)
    .locator('.proof-table tbody tr')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** The tool-call resume calls a page sends (current servers), with their bodies, as they go. */
export function resumeCalls(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/model/tool-call/resume'))
      bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}
