// The console against the local platform behaving as a real deployment does (DEPLOYED-API.md): paged states,
// naive UTC times, request ids, stored conversation versions and tools that are silent for a long time.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  ask,
  findCalls,
  lastStatus,
  lastTurn,
  openWorkflows,
  pickAssistant,
  pickWorkflow,
  platformOrigin,
  runHeader,
  runResult,
  runState,
  runStates,
  signIn,
  statusIn,
} from './support';

const twelveStep = { id: 'b2000000-0000-4000-8000-000000000006', name: 'Twelve-step audit' };
const slowTool = { id: 'a1000000-0000-4000-8000-0000000000f2', name: 'Slow Tool' };

/** Minutes since midnight of a time shown as "7:40:12 AM" (the browser's en-US default). */
function shownMinutes(text: string): number {
  const match = /(\d{1,2}):(\d{2}):\d{2}\s?(AM|PM)/.exec(text);
  if (!match) throw new Error(`no time in “${text}”`);
  return ((Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0)) * 60 + Number(match[2]);
}

/** Minutes since midnight now, in a time zone. */
function minutesNowIn(timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return part('hour') * 60 + part('minute');
}

async function token(page: Page, username: string): Promise<string> {
  const response = await page.request.post(`${platformOrigin}/auth/realms/local/protocol/openid-connect/token`, {
    form: { grant_type: 'password', client_id: 'sdk-client', username, password: username, scope: 'openid' },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

test.describe('in a +05:30 time zone', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('a 12-state run shows every state, the last one’s output as its result, at local times', async ({ page }) => {
    await signIn(page, 'analyst');
    await openWorkflows(page);
    const form = await pickWorkflow(page, twelveStep.name);
    await form.getByRole('button', { name: 'Start run' }).click();
    await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 30_000 });
    await expect(runStates(page)).toHaveCount(12);
    await expect(runResult(page)).toContainText('RESULT: passed with 66 minor findings');
    // The server's times are naive UTC: read as local time they would be 5 h 30 min early.
    const timing = await runState(page, 'Step 1: Scope').locator('.state-timing').innerText();
    const off = Math.abs(shownMinutes(timing) - minutesNowIn('Asia/Kolkata'));
    expect(Math.min(off, 1440 - off), `shown “${timing}”`).toBeLessThanOrEqual(3);
    // The session is the execution id when none was sent, and says so.
    await expect(page.getByText('(none sent: the server uses the execution id)')).toBeVisible();
  });
});

test('a permission refusal carries the request id the console sent, and the Inspector finds the call by it', async ({
  page,
}) => {
  await signIn(page, 'viewer');
  await pickAssistant(page, 'Finance Auditor');
  await ask(page, 'Show me the payroll totals');
  const alert = lastTurn(page).getByRole('alert');
  const requestId = /Request ID: ([0-9a-f-]{36})/.exec(await alert.innerText())?.[1] ?? '';
  expect(requestId).not.toBe('');

  const rows = await findCalls(page, requestId);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').click();
  const detail = page.getByRole('article', { name: 'Request details' });
  await expect(detail).toContainText(`Request ID: ${requestId}`);
  await expect(detail).toContainText('401');
});

test('a regenerated answer is stored by the server as a version of the same turn, a follow-up as the next', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'General Assistant');
  await ask(page, 'Tell me about otters');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await lastTurn(page).getByRole('button', { name: 'Regenerate' }).click();
  // Regenerations answer the same question: their switcher sits on the answer.
  await expect(lastTurn(page).locator('.turn-answer').getByRole('group', { name: 'Versions' })).toContainText('2/2', {
    timeout: 30_000,
  });
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await ask(page, 'And about beavers');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });

  const conversationId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const stored = await page.request.get(`${platformOrigin}/code-assistant-api/v1/conversations/${conversationId}`, {
    headers: { Authorization: `Bearer ${await token(page, 'analyst')}` },
  });
  expect(stored.status()).toBe(200);
  const { history } = (await stored.json()) as { history: { role: string; historyIndex: number; message: string }[] };
  expect(history.map((item) => `${item.role}:${item.historyIndex}`)).toEqual([
    'User:0',
    'Assistant:0',
    'User:0',
    'Assistant:0',
    'User:1',
    'Assistant:1',
  ]);
  expect(history[4]?.message).toBe('And about beavers');
});

async function useIdleTimeout(page: Page, seconds: number): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ...config, streamIdleTimeoutSeconds: seconds }),
    });
  });
}

const toolRow = (turn: Locator) => turn.locator('[data-thought-header]').filter({ hasText: 'slow_task' });

test('a tool silent past the idle time is re-attached to and ends whole; silent past it twice, the turn is interrupted; the wait is shown', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await useIdleTimeout(page, 15);
  await signIn(page, 'analyst');
  await pickAssistant(page, slowTool.name);

  // Silent 20 s: the console gives up on the stream at 15 s, re-attaches (the server goes on), and follows it to the end.
  await ask(page, 'Run the task, silent 20');
  await expect(toolRow(lastTurn(page))).toContainText(/waiting for the tool… \d+ s/, { timeout: 15_000 });
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 40_000 });
  await expect(lastTurn(page)).toContainText('The slow task finished after 20.0 s of silence.');

  // Silent 35 s: silent past the limit again after the re-attach, the turn ends interrupted and says why.
  await ask(page, 'Run the task, silent 35');
  await expect(lastTurn(page).getByRole('alert')).toContainText('No data from the server for 15 s', {
    timeout: 50_000,
  });
  await expect(lastTurn(page)).toHaveAttribute('data-turn-status', 'interrupted');
});

test('an answer with a literal }_{ keeps it once complete: only streamed text is escaped by real servers', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Literal Braces');
  await ask(page, 'Show me the braces');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  const answer = lastTurn(page).getByTestId('answer-text');
  await expect(answer).toContainText('{"a":1}{"b":2}');
  await expect(answer).toContainText('{"a":1}_{"b":2}');
  await expect(answer).toContainText('x}_{i}');
});
