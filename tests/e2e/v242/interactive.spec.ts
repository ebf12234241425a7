import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../csp';
import { ask, lastStatus, lastTurn, pickAssistant, platformOrigin, signIn } from '../support';

// An agent that asks back (interactive_request): its question is a form in the turn, answered by keyboard; the
// answer goes as interactive_response with the next history_index and the continuation streams. Marks (like /
// dislike) and the per-chat tool switches travel as the official UI sends them.

const asking = { id: 'a1000000-0000-4000-8000-0000000000f5', name: 'Asking Assistant' };
const questionForm = (page: Page) => page.getByRole('form', { name: `${asking.name} asks` });

async function expectFormAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include('form.interactive-form').analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect
    .soft(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      what,
    )
    .toEqual([]);
}

async function passwordToken(username: string): Promise<string> {
  const response = await fetch(`${platformOrigin}/auth/realms/local/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'sdk-client',
      username,
      password: username,
      scope: 'openid profile email',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

test('the agent asks, the form is answered by keyboard, the continuation says what was chosen, and a like is stored', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, asking.name);
  await ask(page, 'Deploy the release');
  const form = questionForm(page);
  await expect(form.getByText('Deploy to production?')).toBeVisible({ timeout: 20_000 });
  // The agent asked: the turn waits for the person (never "Completed" with Regenerate), and the keyboard is in the form.
  await expect(lastStatus(page)).toHaveText('Waiting for you');
  await expect(lastTurn(page).getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Approve' })).toBeEnabled();

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectFormAccessible(page, `the open question (${colorScheme})`);
  }

  // Keyboard only from the question's text: Tab to the reason, type it, Tab to Approve, Enter.
  await form.getByText('Deploy to production?').click();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await page.keyboard.type('Tests pass');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Approve' })).toBeFocused();
  const sent = page.waitForRequest(
    (request) => request.url().endsWith(`/assistants/${asking.id}/model`) && request.method() === 'POST',
  );
  await page.keyboard.press('Enter');

  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    text: 'Reason: Tests pass · Approve',
    history_index: 1,
    stream: true,
    interactive_response: {
      kind: 'submit',
      payload: { action: 'approve', answers: { reason: { value: 'Tests pass' } } },
    },
  });
  const conversationId = String(body['conversation_id']);

  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Approved.', { timeout: 20_000 });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Reason: Tests pass');
  await expect(lastStatus(page)).toHaveText('Completed');
  await expect(form.getByText('Answered: Reason: Tests pass · Approve')).toBeVisible();
  await expect(form.getByRole('button', { name: '✓ Approve' })).toBeDisabled();
  await expect(form.getByRole('textbox', { name: 'Reason' })).toHaveValue('Tests pass');
  await expect(form.getByRole('textbox', { name: 'Reason' })).toBeDisabled();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectFormAccessible(page, `the answered question (${colorScheme})`);
  }

  // A like on the continuation: stored on the server's assistant item, shown again after a reload.
  const like = lastTurn(page).getByRole('button', { name: 'Good answer' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  const token = await passwordToken('analyst');
  const read = async () => {
    const response = await page.request.get(`${platformOrigin}/code-assistant-api/v1/conversations/${conversationId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    return (
      (await response.json()) as {
        history: Array<{ role: string; historyIndex: number; userMark: { mark: string } | null }>;
      }
    ).history;
  };
  const marked = (await read()).find((item) => item.role === 'Assistant' && item.historyIndex === 1);
  expect(marked?.userMark?.mark).toBe('correct');

  await page.reload();
  await expect(lastTurn(page).getByRole('button', { name: 'Good answer' })).toHaveAttribute('aria-pressed', 'true');
  await expect(questionForm(page).getByText('Answered: Reason: Tests pass · Approve')).toBeVisible();
  // A second click removes the mark on the server.
  await lastTurn(page).getByRole('button', { name: 'Good answer' }).click();
  await expect(lastTurn(page).getByRole('button', { name: 'Good answer' })).toHaveAttribute('aria-pressed', 'false');
  expect((await read()).find((item) => item.role === 'Assistant' && item.historyIndex === 1)?.userMark).toBeNull();
});

test('a form of choices checks its fields before sending, and the tool switches go with new questions only', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, asking.name);
  await page.getByRole('button', { name: /^Extra tools/ }).click();
  await page.getByRole('dialog', { name: 'Extra tools' }).getByRole('switch', { name: 'Web search' }).setChecked(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Extra tools/ })).toContainText('web');

  const first = page.waitForRequest((request) => request.url().endsWith(`/assistants/${asking.id}/model`));
  await ask(page, 'Show me the release form');
  const asked = (await first).postDataJSON() as Record<string, unknown>;
  expect(asked['enable_web_search']).toBe(true);
  expect(asked).not.toHaveProperty('enable_code_interpreter');

  const form = questionForm(page);
  await expect(form.getByRole('group', { name: 'Environments (up to 2)' })).toBeVisible({ timeout: 20_000 });
  await expect(lastStatus(page)).toHaveText('Waiting for you');
  await form.getByRole('checkbox', { name: 'Staging' }).check();
  await form.getByRole('checkbox', { name: 'Canary' }).check();
  await expect(form.getByRole('checkbox', { name: 'Production' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'Ticket' }).fill('not a ticket');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('This field is required.')).toBeVisible();
  await expect(form.getByText('This does not have the expected format.')).toBeVisible();
  await expect(form.getByRole('combobox', { name: /Priority/ })).toBeFocused();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectFormAccessible(page, `the form with its problems (${colorScheme})`);
  }

  await form.getByRole('combobox', { name: /Priority/ }).selectOption('high');
  await form.getByRole('textbox', { name: 'Ticket' }).fill('OPS-12');
  await form.getByLabel('Due date').fill('2026-09-01');
  const answered = page.waitForRequest((request) => request.url().endsWith(`/assistants/${asking.id}/model`));
  await form.getByRole('button', { name: 'Submit' }).click();
  const body = (await answered).postDataJSON() as Record<string, unknown>;
  // An answer is not a new question: the tool switches stay out of it.
  expect(body).not.toHaveProperty('enable_web_search');
  expect(body['text']).toBe(
    'Environments (up to 2): Staging, Canary · Priority: High · Due date: 2026-09-01 · Ticket: OPS-12',
  );
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Priority: High', { timeout: 20_000 });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Environments: Staging, Canary');
});

test('an answer the server refuses (422) is said on the form, which keeps the values and can send again', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, asking.name);
  await ask(page, 'Deploy the release');
  const form = questionForm(page);
  await expect(form.getByRole('button', { name: 'Reject' })).toBeEnabled({ timeout: 20_000 });
  await form.getByRole('textbox', { name: 'Reason' }).fill('Friday');
  // The first answer names a request the server does not hold, as a stale tab would.
  let tampered = false;
  await page.route(`**/assistants/${asking.id}/model`, async (route) => {
    if (tampered) return route.continue();
    tampered = true;
    const body = route.request().postDataJSON() as { interactive_response: { request_id: string } };
    body.interactive_response.request_id = '00000000-0000-4000-8000-000000000000';
    return route.continue({ postData: JSON.stringify(body) });
  });
  await form.getByRole('button', { name: 'Reject' }).click();
  await expect(form.getByRole('alert')).toContainText('The server refused this answer: Unknown interactive request_id');
  await expect(form.getByRole('textbox', { name: 'Reason' })).toHaveValue('Friday');
  await expect(form.getByRole('button', { name: 'Reject' })).toBeEnabled();

  await form.getByRole('button', { name: 'Reject' }).click();
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Rejected.', { timeout: 20_000 });
  await expect(form.getByText('Answered: Reason: Friday · Reject')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
});
