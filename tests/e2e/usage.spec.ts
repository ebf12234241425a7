// What a chat turn is as a client-library call, what it used as the server reported it (per turn and for the whole
// conversation), and an in-band budget refusal (HTTP 200, execution_error) read as such with the partial answer kept.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  ask,
  assistants,
  chooseModel,
  lastStatus,
  lastTurn,
  openDetails,
  pickAssistant,
  platformOrigin,
  signIn,
} from './support';

const conversationIdOf = async (page: Page) => {
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1) ?? '';
};

const copied = async (page: Page, label: string) => {
  await (await openDetails(page)).getByRole('button', { name: label }).click();
  return page.evaluate(() => navigator.clipboard.readText());
};

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, assistants.general.name);
});

test('a chat turn copies as a Python and a Node.js client-library call: its assistant, text, conversation and model; no token', async ({
  page,
}) => {
  await chooseModel(page, 'Claude Sonnet 4');
  await ask(page, 'What is "SSE"?');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  const conversationId = await conversationIdOf(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  const python = await copied(page, 'Copy as Python');
  expect(python).toContain('from codemie_sdk.models.assistant import AssistantChatRequest');
  expect(python).toMatch(
    new RegExp(
      [
        'request = AssistantChatRequest\\(',
        '    text="What is \\\\"SSE\\\\"\\?",',
        `    conversation_id="${conversationId}",`,
        '    llm_model="claude-sonnet-4",',
        '    stream=True,',
        '\\)',
        'response = client\\.assistants\\.chat\\(',
        `    "${assistants.general.id}",`,
        '    request,',
        '\\)',
      ].join('\\n'),
    ),
  );

  const node = await copied(page, 'Copy as Node.js');
  const nodeArgs = /client\.assistants\.chat\(\n([\s\S]*?)\n\);/.exec(node)?.[1] ?? '';
  expect(nodeArgs.startsWith(`  '${assistants.general.id}', // assistantId\n  {\n    text: 'What is "SSE"?',`)).toBe(
    true,
  );
  expect(nodeArgs).toContain(
    `    conversation_id: '${conversationId}',\n    llm_model: 'claude-sonnet-4',\n    stream: true,`,
  );
  expect(nodeArgs.endsWith('  }, // params')).toBe(true);

  for (const code of [python, node]) {
    expect(code).toMatch(/CODEMIE_PASSWORD/);
    expect(code).not.toMatch(/Bearer|eyJ[A-Za-z0-9_-]{10,}|Authorization/);
  }
});

test('usage shows per turn and for the conversation only as reported; a budget refusal reads as such and keeps the partial answer', async ({
  page,
}) => {
  await ask(page, 'Explain server-sent events briefly');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  const conversationId = await conversationIdOf(page);
  // The stream reports its time (time_elapsed) but no tokens: none are shown, none invented.
  const meta = lastTurn(page).locator('.answer-meta');
  await expect(meta).toHaveText(/\d+(\.\d+)? s/);
  await expect(meta).not.toContainText('tokens');
  // The conversation's total, under its last answer, in words.
  await expect(page.getByText(/^This chat so far: 1 answer · \d+(\.\d+)? s of answering$/)).toBeVisible();

  // The server's stored copy counts tokens and money: once read (here by reopening), the turn and the total show them.
  await page.reload();
  await expect(lastTurn(page).locator('.answer-meta')).toHaveText(/\d[\d,]* tokens · \$0\.\d{4} · \d+(\.\d+)? s/, {
    timeout: 15_000,
  });
  const turnUsage = (await lastTurn(page).locator('.answer-meta').innerText()).replace(/^\s*·\s*/, '');
  const [tokens, cost, seconds] = turnUsage.split(' · ');
  await expect(page.getByText(/^This chat so far: /)).toHaveText(
    `This chat so far: 1 answer · ${tokens} · ${cost} · ${seconds} of answering`,
  );
  await expect(lastTurn(page).locator('.answer-meta')).toHaveAttribute('title', /^[\d,]+ in · [\d,]+ out$/);

  // The platform refuses this conversation's next call in band: part of an answer, then execution_error.
  const knob = await page.request.post(
    `${platformOrigin}/__test/refusal?conversation=${conversationId}&code=budget_exceeded`,
  );
  expect(knob.ok()).toBe(true);
  try {
    await ask(page, 'And what about WebSockets?');
    await expect(lastStatus(page)).toHaveText('Refused — budget used up', { timeout: 30_000 });
    const refusal = lastTurn(page).getByRole('alert');
    await expect(refusal).toContainText('The budget for this assistant is used up for now.');
    await expect(refusal).toContainText('Ask an admin to raise the budget, or try again after it resets.');
    await expect(refusal).toContainText('budget_exceeded');
    await expect(refusal).toContainText('Budget has been exceeded!');
    await expect(refusal).toContainText('What the assistant wrote before it stopped is kept above.');
    // Not a generic failure, and what arrived before the refusal stays the answer.
    await expect(lastTurn(page)).not.toContainText('Completed with errors');
    await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Here is what I found about');
  } finally {
    await page.request.post(`${platformOrigin}/__test/refusal?conversation=${conversationId}&code=off`);
  }
});

test('the chat’s total is said in words under its last answer, and counts the versions shown, not those set aside', async ({
  page,
}) => {
  await ask(page, 'Explain server-sent events briefly');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  const total = page.getByText(/^This chat so far: /);
  await expect(total).toHaveText(/^This chat so far: 1 answer · \d+(\.\d+)? s of answering$/);
  // It sits under the last answer, after its actions.
  const below = await total.evaluate((line) => {
    const actions = Array.from(document.querySelectorAll('.turn-actions')).at(-1);
    return (actions?.getBoundingClientRect().bottom ?? Infinity) <= line.getBoundingClientRect().top;
  });
  expect(below).toBe(true);

  await lastTurn(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect(total).toHaveText(
    /^This chat so far: 1 answer · \d+(\.\d+)? s of answering \(1 other version not counted\)$/,
  );
});
