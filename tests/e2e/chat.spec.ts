import type { Request } from '@playwright/test';
import { expect, test } from './csp';
import {
  answerLengthsUntilDone,
  ask,
  assistantField,
  assistants,
  catalogOption,
  chooseModel,
  growthSteps,
  lastStatus,
  lastTurn,
  openChat,
  openWorkflows,
  pickAssistant,
  signIn,
} from './support';

/** The search words of a catalog request for assistants, if it is one. */
const searchedFor = (url: string) => {
  const filters = /\/v1\/assistants\?/.test(url) ? new URL(url).searchParams.get('filters') : null;
  return filters ? (JSON.parse(filters) as { search?: string }).search : undefined;
};

test.describe('chat as analyst', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'analyst');
  });

  test('the first assistant is preselected with its starters, and a streamed answer grows live', async ({ page }) => {
    await expect(assistantField(page)).toHaveValue(assistants.general.name);
    await expect(page.getByRole('group', { name: 'Conversation starters' }).getByRole('button').first()).toBeVisible();

    await ask(page, 'How do refresh tokens work?');
    const lengths = await answerLengthsUntilDone(page);
    expect(growthSteps(lengths), `answer length samples: ${lengths.join(', ')}`).toBeGreaterThanOrEqual(3);

    await expect(lastTurn(page).getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(lastTurn(page).getByRole('heading', { level: 2 })).toBeVisible();
    await expect(lastTurn(page).getByRole('table')).toBeVisible();
    await expect(lastTurn(page).locator('pre code')).toBeVisible();
    await expect(lastTurn(page)).toContainText(/refresh/i);
  });

  test('Stop keeps the partial answer, marked as stopped', async ({ page }) => {
    await pickAssistant(page, assistants.slow.name);
    await ask(page, 'Tell me a long story');
    const answer = lastTurn(page).getByTestId('answer-text');
    await expect(answer).not.toBeEmpty();
    // A current server is told to stop too; the turn then shows what the server kept, and nothing grows after that:
    // the answer's stream is closed.
    const open = new Set<Request>();
    page.on('request', (sent) => void (sent.method() === 'POST' && /\/model$/.test(sent.url()) && open.add(sent)));
    page.on('requestfinished', (ended) => void open.delete(ended));
    page.on('requestfailed', (ended) => void open.delete(ended));
    const stopped = page.waitForResponse((response) => response.url().endsWith('/abort'));
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(lastTurn(page).getByText('Stopped — partial answer')).toBeVisible();
    await stopped;
    await expect(lastTurn(page).getByText(/the server kept the first [\d,]+ words/)).toBeVisible();
    await expect.poll(() => open.size).toBe(0);
    expect((await answer.innerText()).length).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  });

  test('JSON mode shows the whole answer with its timing', async ({ page }) => {
    await page.getByLabel('Stream').uncheck();
    await ask(page, 'Compare SSE and WebSockets');
    await expect(lastTurn(page).getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(lastTurn(page).getByRole('table')).toBeVisible();
    await expect(lastTurn(page).locator('.answer-meta')).toHaveText(/\d+ tokens · \d+(\.\d+)? s · task [0-9a-f-]{36}/);
    await expect(lastTurn(page)).toContainText('JSON');
  });

  test('a model override reaches the assistant', async ({ page }) => {
    await chooseModel(page, 'Claude Sonnet 4');
    await page.getByLabel('Stream').uncheck();
    await ask(page, 'Which model are you?');
    await expect(lastTurn(page).getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(lastTurn(page).getByTestId('answer-text')).toContainText('claude-sonnet-4');
  });

  test('an unknown assistant ID gives a not-found message; a malformed one is refused', async ({ page }) => {
    await page.getByRole('button', { name: 'Add by ID' }).click();
    await page.getByLabel('Add an assistant by ID').fill('general');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('is not a UUID');
    await page.getByLabel('Add an assistant by ID').fill('a1000000-0000-4000-8000-0000000000ff');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(assistantField(page)).toHaveValue('Assistant a1000000');
    await ask(page, 'Are you there?');
    await expect(lastTurn(page).getByRole('alert')).toContainText('Assistant not found');
    await expect(lastTurn(page).getByRole('alert')).toContainText('a1000000-0000-4000-8000-0000000000ff');
  });

  test('the failing assistant gives a server error, and the question survives for a retry', async ({ page }) => {
    await pickAssistant(page, assistants.broken.name);
    await ask(page, 'Please summarise my notes');
    const alert = lastTurn(page).getByRole('alert');
    await expect(alert).toContainText('Server error (HTTP 500)');
    await expect(alert).toContainText('The assistant failed while generating an answer.');
    await expect(alert).toContainText(/Request ID: \S+/);
    await alert.getByRole('button', { name: 'Edit question' }).click();
    const editor = lastTurn(page).getByLabel('Edited question');
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue('Please summarise my notes');
  });

  test('reload keeps the session, the transcript and the draft', async ({ page }) => {
    await page.getByLabel('Stream').uncheck();
    await ask(page, 'Explain PKCE');
    await expect(lastTurn(page).getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Message').fill('an unsent draft');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(lastTurn(page)).toContainText('Explain PKCE');
    await expect(page.getByLabel('Message')).toHaveValue('an unsent draft');
  });
});

test('Chat in the rail goes back to the chat the person left, and New chat starts one', async ({ page }) => {
  await signIn(page, 'analyst');
  const question = `Where did I leave off? ${Date.now().toString(36)}`;
  await ask(page, question);
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  const left = page.url();
  await openWorkflows(page);
  await openChat(page);
  await expect(page).toHaveURL(left);
  await expect(lastTurn(page)).toContainText(question);
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await openWorkflows(page);
  await openChat(page);
  await expect(page).toHaveURL(/\/chat$/);
});

test('viewer gets a clear permission message on the forbidden assistant', async ({ page }) => {
  await signIn(page, 'viewer');
  await pickAssistant(page, assistants.restricted.name);
  await ask(page, 'Show me the payroll totals');
  const alert = lastTurn(page).getByRole('alert');
  await expect(alert).toContainText('Permission denied');
  // Real servers refuse a missing permission with 401 "Access denied": never mistaken for an expired sign-in.
  await expect(alert).toContainText('Access denied');
  await expect(alert).toContainText('Finance Auditor');
  await expect(alert).toContainText(/Request ID: [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/);
  await expect(alert.getByRole('button', { name: 'Pick another assistant' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Sign in again' })).toHaveCount(0);
  // Asking the same assistant again cannot succeed: no Retry is offered.
  await expect(alert.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
});

test('the seed’s 403 refusal reads the same: a missing permission, another assistant offered', async ({ page }) => {
  await signIn(page, 'viewer');
  await pickAssistant(page, assistants.seedRestricted.name);
  await ask(page, 'Show me the payroll totals');
  const alert = lastTurn(page).getByRole('alert');
  await expect(alert).toContainText('Permission denied');
  // It opens the assistant picker with the keyboard in it: arrows and Enter pick another one.
  await alert.getByRole('button', { name: 'Pick another assistant' }).click();
  await expect(assistantField(page)).toBeFocused();
  await expect(catalogOption(page, assistants.general.name)).toBeVisible();
  await page.keyboard.type(assistants.general.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(assistantField(page)).toHaveValue(assistants.general.name);
  // The refused one is marked in the list, with the server's words.
  await assistantField(page).fill(assistants.seedRestricted.name);
  await expect(catalogOption(page, assistants.seedRestricted.name)).toHaveAccessibleDescription(/^No access for you: /);
  await page.keyboard.press('Escape');
});

test('the message box keeps the keyboard after the first question, and an empty one shows no scrollbar, even at 375 px', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  const box = page.getByLabel('Message');
  const overflows = () => box.evaluate((element) => element.scrollHeight > element.clientHeight);
  expect(await overflows()).toBe(false);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await overflows()).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });

  await box.fill('Hello there');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Message')).toBeFocused();
});

test('typing a six-letter assistant search asks the server at most twice', async ({ page }) => {
  await signIn(page, 'analyst');
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/v1\/assistants\?/.test(request.url()) && request.url().includes('filters='))
      searches.push(request.url());
  });
  // The search for the whole word is the last one: nothing is left waiting for its debounce once it has gone.
  const whole = page.waitForRequest((sent) => searchedFor(sent.url()) === 'Genera');
  // A click selects the chosen name, so what is typed replaces it.
  await assistantField(page).click();
  await assistantField(page).pressSequentially('Genera', { delay: 60 });
  await expect(catalogOption(page, 'General Assistant')).toBeVisible();
  await expect(assistantField(page)).toHaveValue('Genera');
  await whole;
  expect(searches.length, searches.join('\n')).toBeLessThanOrEqual(2);
  expect(searches.length).toBeGreaterThanOrEqual(1);
});

test('while an answer grows, the caret ends its last paragraph rather than sitting on a line of its own', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, assistants.slow.name);
  await ask(page, 'Tell me a story');
  const caret = () =>
    page.evaluate(() => {
      const last = document.querySelector('.answer-growing .markdown > .markdown-group:last-child > :last-child');
      return last ? `${last.tagName} ${getComputedStyle(last, '::after').content}` : null;
    });
  await expect.poll(caret, { timeout: 20_000 }).toBe('P "▍"');
});

test('a finished answer has one quiet row (copy, marks, regenerate) and its diagnostics behind Details', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, assistants.general.name);
  await ask(page, 'Explain server-sent events briefly');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  const row = lastTurn(page).locator('.turn-actions');
  // One row: copy, marks, Regenerate, then Details; in that order and on one line.
  await expect(row.getByRole('button')).toHaveText(['Copy answer', 'Copy Markdown', '', '', 'Regenerate', /^Details/]);
  await expect(row.getByRole('group', { name: 'Rate this answer' })).toBeVisible();
  const middles = await row.getByRole('button').evaluateAll((buttons) =>
    buttons.map((button) => {
      const box = button.getBoundingClientRect();
      return box.top + box.height / 2;
    }),
  );
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2);
  // The diagnostics are not in view until asked for.
  await expect(lastTurn(page).getByRole('link', { name: /^Request/ })).toHaveCount(0);
  for (const name of ['Copy as Python', 'Copy as Node.js', 'Copy trace ID'])
    await expect(lastTurn(page).getByRole('button', { name })).toHaveCount(0);
  await expect(lastTurn(page).getByText(/^Stream health:/)).toHaveCount(0);
  await expect(lastTurn(page).getByText(/^Trace ID /)).toHaveCount(0);

  const toggle = row.getByRole('button', { name: /^Details/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const details = lastTurn(page).getByRole('group', { name: 'Details of this answer' });
  await expect(details.getByRole('link', { name: /^Request/ })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Copy as Python' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Copy as Node.js' })).toBeVisible();
  await expect(details.getByText(/^Request ID [0-9a-f-]{36}$/)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Copy trace ID' })).toBeVisible();
  await expect(details.getByText(/^Stream health: TTFB/)).toBeVisible();
  await toggle.click();
  await expect(details).toHaveCount(0);
});
