// Two assistants side by side: Ask two sends one question to both (two ordinary calls, two conversations), the answers
// stream in two columns, each with its own Stop; Keep this one goes on with one alone. Replay sends a conversation's
// questions to another assistant and shows the two aligned by question, with the words that differ.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, pickAssistant, signIn } from './support';

function modelCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/model')) seen.push(request.url());
  });
  return seen;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const column = (page: Page, name: RegExp) => page.getByRole('tabpanel', { name });
const statuses = (page: Page, name: RegExp) => column(page, name).locator('.status-label');

async function chooseIn(page: Page, control: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${control}`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

test('Ask two: one question to two assistants, both stream at once, one is stopped alone, Keep this one goes on', async ({
  page,
}) => {
  const calls = modelCalls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await page.getByRole('link', { name: 'Ask two' }).click();
  await expect(page.getByRole('heading', { name: 'Ask two assistants side by side' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^First assistant/ })).toContainText('Slow Writer');
  // Nothing goes before the second side is chosen, and not the same assistant and model twice.
  await expect(page.getByRole('status')).toHaveText('Choose the second assistant.');
  await chooseIn(page, 'Second assistant', 'Slow Writer');
  await expect(page.getByRole('status')).toContainText('Both sides would ask the same assistant with the same model');
  await chooseIn(page, 'Second assistant', 'Slow Storyteller');
  await ask(page, 'words 300');

  await page.waitForURL(/\/chat\/side-by-side\?left=[\w-]+&right=[\w-]+$/);
  const writer = /Slow Writer/;
  const storyteller = /Slow Storyteller/;
  const stopWriter = page.getByRole('button', { name: 'Stop Slow Writer' });
  const stopStoryteller = page.getByRole('button', { name: 'Stop Slow Storyteller' });
  // Both answers are on their way at once, each in its column.
  await expect(stopWriter).toBeVisible();
  await expect(stopStoryteller).toBeVisible();
  await expect(column(page, writer).getByRole('article')).toContainText('word-5');
  await expect(column(page, storyteller).getByRole('article')).toContainText('Once upon a time');
  expect(calls).toHaveLength(2);
  expect(new Set(calls).size).toBe(2);

  // One side stopped alone: the other goes on.
  await stopStoryteller.click();
  await expect(statuses(page, storyteller)).toHaveText([/^Stopped/]);
  await expect(stopWriter).toBeVisible();
  await expect(statuses(page, writer)).not.toHaveText([/^Stopped/]);

  // The next question, while one side still answers: queued on both sides, so it stays question 2 on each; the idle
  // side sends it at once.
  await ask(page, 'words 2');
  await expect(column(page, storyteller).locator('.turn-question-text')).toHaveText(['words 300', 'words 2']);
  await expect(
    page.getByText(/^Slow Writer: 1 question waits, each sent when the answer before it ends/),
  ).toBeVisible();
  // Stopped, the writer's queue holds, says why, and Resume sends it.
  await stopWriter.click();
  await expect(page.getByText(/^Slow Writer: 1 question waits, paused \(you stopped the answer\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Resume Slow Writer' }).click();
  await expect(column(page, writer).locator('.turn-question-text')).toHaveText(['words 300', 'words 2']);
  await expect(statuses(page, writer)).toHaveText([/^Stopped/, /^Completed/], { timeout: 20_000 });

  // Keep this one: the Slow Writer's conversation alone, where the chat goes on.
  await column(page, writer)
    .getByRole('link', { name: /^Keep this one/ })
    .click();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.locator('.turn-question-text')).toHaveText(['words 300', 'words 2']);
  await ask(page, 'words 3');
  await expect(page.locator('.turn-question-text')).toHaveText(['words 300', 'words 2', 'words 3']);
  await expect(page.getByRole('article').last().locator('.status-label')).toHaveText(/^Completed/, { timeout: 20_000 });
  expect(calls).toHaveLength(5);
});

test('Replay on another assistant: its questions go in order into a new conversation, aligned with word differences', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'words 3');
  await expect(page.getByRole('article').last().locator('.status-label')).toHaveText(/^Completed/, { timeout: 20_000 });
  await ask(page, 'words 4');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').last().locator('.status-label')).toHaveText(/^Completed/, { timeout: 20_000 });

  const calls = modelCalls(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .locator('li.conversation-item:has(> a[aria-current="page"])')
    .getByRole('button', { name: /^More actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Replay on another assistant…' }).click();
  await expect(page.getByRole('heading', { name: /^Replay “.+” on another assistant$/ })).toBeVisible();
  await expect(page.getByText('First · Slow Writer · 2 questions')).toBeVisible();
  await chooseIn(page, 'Second assistant', 'General Assistant');
  await page.getByRole('button', { name: 'Replay 2 questions' }).click();

  await page.waitForURL(/view=aligned/);
  const aligned = page.getByRole('region', { name: 'Answers aligned by question' });
  await expect(aligned.getByRole('status')).toContainText('2 of 2 questions answered by both', { timeout: 30_000 });
  const pairs = aligned.getByRole('listitem');
  await expect(pairs).toHaveCount(2);
  await expect(pairs.first()).toHaveAccessibleName('Question 1: words 3');
  await expect(pairs.nth(1)).toHaveAccessibleName('Question 2: words 4');
  await expect(aligned.getByRole('group', { name: 'What differs in answer 1' }).locator('del')).not.toHaveCount(0);
  // One question at a time, in order, to the other assistant.
  expect(calls).toHaveLength(2);
  expect(calls.every((url) => url.includes('a1000000-0000-4000-8000-000000000001'))).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // Judged from the keyboard, as a batch's rows are: kept by a reload.
  await pairs.first().focus();
  await page.keyboard.press('1');
  await page.keyboard.press('j');
  await expect(pairs.nth(1)).toBeFocused();
  await page.keyboard.press('3');
  const rate = aligned.getByText(/^Win rate/);
  await expect(rate).toHaveText('Win rate 50 % · 1 better, 0 same, 1 worse · 0 not judged');
  await page.reload();
  await expect(rate).toHaveText('Win rate 50 % · 1 better, 0 same, 1 worse · 0 not judged');
  await expect(pairs.nth(1).getByRole('button', { name: 'Worse' })).toHaveAttribute('aria-pressed', 'true');

  // At 375 px the columns are tabs: one side at a time.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('link', { name: 'Columns' }).click();
  const tabs = page.getByRole('tablist', { name: 'Which answers' });
  await expect(tabs.getByRole('tab', { name: /^First · Slow Writer/ })).toHaveAttribute('aria-selected', 'true');
  await expect(column(page, /General Assistant/)).toBeHidden();
  await tabs.getByRole('tab', { name: /^Second · General Assistant/ }).click();
  await expect(column(page, /General Assistant/)).toBeVisible();
  await expect(column(page, /Slow Writer/)).toBeHidden();
  await expect(column(page, /General Assistant/).locator('.turn-question-text')).toHaveText(['words 3', 'words 4']);
  expect(await seriousViolations(page)).toEqual([]);
});
