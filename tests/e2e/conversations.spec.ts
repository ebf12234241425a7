import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { askAndWait, assistantField, lastStatus, lastTurn, pickAssistant, signIn } from './support';

const rail = (page: Page) => page.getByRole('region', { name: 'Conversations' });
/** A suffix making a test's titles its own: the rail also lists the person's server conversations from other tests. */
const uniqueTag = () => Math.random().toString(36).slice(2, 8);
const conversationLink = (page: Page, title: string) => rail(page).getByRole('link', { name: title, exact: true });

/** Asks in JSON mode (quick) and waits for the answer. */
/** Opens a conversation's "⋯" menu (it opens over the page, outside the rail). */
async function actionsOf(page: Page, title: string) {
  await rail(page)
    .getByRole('button', { name: `More actions for ${title}`, exact: true })
    .click();
  return page.getByRole('menu', { name: `More actions for ${title}`, exact: true });
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
  await page.getByLabel('Stream').uncheck();
});

test('a conversation has a URL, the assistant follows it, and it survives a reload and a browser restart', async ({
  page,
  browser,
}) => {
  await askAndWait(page, 'How do refresh tokens work?');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const address = page.url();
  await askAndWait(page, 'And what about PKCE?');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText(
    'Earlier you asked: “How do refresh tokens work?”',
  );
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('This is turn 2 of our conversation');

  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(lastTurn(page)).toContainText('Earlier you asked');
  await expect(conversationLink(page, 'How do refresh tokens work?')).toHaveAttribute('aria-current', 'page');

  // A browser restart: a new context with what the browser keeps (cookies, local storage, IndexedDB), but no tab session.
  const kept = await page.context().storageState({ indexedDB: true });
  const restarted = await browser.newContext({ storageState: kept });
  const again = await restarted.newPage();
  await again.goto('/');
  await again.getByRole('button', { name: 'Sign in' }).click();
  // The identity provider asks again, or (its session cookie kept) sends the console straight back.
  const form = again.getByLabel('Username');
  const signOut = again.getByRole('button', { name: 'Sign out' });
  await expect(form.or(signOut)).toBeVisible();
  if (await form.isVisible()) {
    await form.fill('analyst');
    await again.getByLabel('Password').fill('analyst');
    await again.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(signOut).toBeVisible();
  await conversationLink(again, 'How do refresh tokens work?').click();
  await expect(again).toHaveURL(address);
  await expect(again.getByRole('article')).toHaveCount(2);
  await expect(again.getByRole('article').first()).toContainText('How do refresh tokens work?');
  await restarted.close();
});

test('new chat, back to the previous conversation, and search finds a past answer', async ({ page }) => {
  const tag = uniqueTag();
  const sse = `Compare SSE and WebSockets ${tag}`;
  const pkce = `Explain PKCE ${tag}`;
  await askAndWait(page, sse);
  await askAndWait(page, 'Which one for dashboards?');
  const first = page.url();
  await rail(page).getByRole('button', { name: 'New chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await askAndWait(page, pkce);
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(first);
  await expect(page.getByRole('article')).toHaveCount(2);

  const today = rail(page).getByRole('region', { name: 'Today' });
  await expect(today.getByRole('link', { name: sse, exact: true })).toBeVisible();
  await expect(today.getByRole('link', { name: pkce, exact: true })).toBeVisible();
  // "Earlier" appears only in the second answer of the first conversation, not in any title or question.
  await rail(page).getByLabel('Search conversations').fill('earlier');
  await expect(rail(page).getByRole('link')).toHaveText([sse]);
  // The hit says where it matched: a line of the answer under the title, the word marked, read with the link.
  const hit = rail(page).getByRole('listitem');
  await expect(hit.locator('mark')).toHaveText(['Earlier']);
  await expect(hit.locator('.conversation-snippet')).toContainText('Earlier you asked');
  await expect(conversationLink(page, sse)).toHaveAccessibleDescription(/Earlier you asked/);
  await rail(page).getByLabel('Search conversations').fill(`pkce ${tag}`);
  await expect(rail(page).getByRole('link')).toHaveText([pkce]);
  // A title that explains the hit is marked itself, with no passage under it.
  await expect(rail(page).getByRole('link').locator('mark')).toHaveText(['PKCE', tag]);
  await expect(rail(page).locator('.conversation-snippet')).toHaveCount(0);
  await rail(page).getByLabel('Search conversations').fill('nothing-like-this');
  await expect(rail(page)).toContainText('Nothing matches');

  await page.goto('/chat/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'This conversation is not in this browser' })).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveAttribute('placeholder', 'Start a new chat from the list');
  // Ids every object answers to are unknown ids too, not a broken page.
  for (const id of ['__proto__', 'constructor', 'toString']) {
    await page.goto(`/chat/${id}`);
    await expect(page.getByRole('heading', { name: 'This conversation is not in this browser' })).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveAttribute('placeholder', 'Start a new chat from the list');
  }
});

test('export then import round-trips; a bad file is refused with what is wrong; rename and delete with undo', async ({
  page,
}, testInfo) => {
  const tag = uniqueTag();
  const pkce = `Explain PKCE ${tag}`;
  const notes = `PKCE notes ${tag}`;
  await askAndWait(page, pkce);
  const answer = await lastTurn(page).getByTestId('answer-text').innerText();

  const downloading = page.waitForEvent('download');
  await (await actionsOf(page, pkce)).getByRole('menuitem', { name: 'Export as JSON' }).click();
  const file = testInfo.outputPath('conversation.json');
  await (await downloading).saveAs(file);
  expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
    format: 'assistant-console.conversation',
    turns: [{ question: pkce }],
  });

  const markdown = page.waitForEvent('download');
  await (await actionsOf(page, pkce)).getByRole('menuitem', { name: 'Export as Markdown' }).click();
  const markdownFile = testInfo.outputPath('conversation.md');
  await (await markdown).saveAs(markdownFile);
  expect(await readFile(markdownFile, 'utf8')).toMatch(new RegExp(`^# ${pkce}\\n\\n## You\\n\\n${pkce}\\n`));

  await (await actionsOf(page, pkce)).getByRole('menuitem', { name: 'Rename' }).click();
  await rail(page).getByLabel('Conversation title').fill(notes);
  await rail(page).getByLabel('Conversation title').press('Enter');
  await expect(conversationLink(page, notes)).toBeFocused();

  await rail(page).getByLabel('Import a conversation (JSON)').setInputFiles(file);
  await expect(conversationLink(page, pkce)).toHaveAttribute('aria-current', 'page');
  await expect(lastTurn(page)).toContainText('Explain PKCE');
  expect(await lastTurn(page).getByTestId('answer-text').innerText()).toBe(answer);

  const bad = JSON.parse(await readFile(file, 'utf8')) as { turns: Array<Record<string, unknown>> };
  bad.turns[0] = { ...bad.turns[0], question: 42 };
  await rail(page)
    .getByLabel('Import a conversation (JSON)')
    .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(rail(page).getByRole('alert')).toContainText('Turn 1 › question should be text, not a number');

  await (await actionsOf(page, notes)).getByRole('menuitem', { name: 'Delete' }).click();
  await expect(conversationLink(page, notes)).toHaveCount(0);
  await rail(page).getByRole('button', { name: 'Undo' }).click();
  await expect(conversationLink(page, notes)).toBeVisible();
});

test('a conversation’s “⋯” menu works from the keyboard: Enter opens it, arrows move, Delete comes last, Esc gives focus back', async ({
  page,
}) => {
  const pkce = `Explain PKCE ${uniqueTag()}`;
  await askAndWait(page, pkce);
  const more = rail(page).getByRole('button', { name: `More actions for ${pkce}`, exact: true });
  const menu = page.getByRole('menu', { name: `More actions for ${pkce}`, exact: true });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Rename',
    'Pin',
    // Current servers finish chats (asked first); see finished-chats.spec.ts.
    'Finish chat…',
    // Its questions asked again of another assistant, side by side; see side-by-side.spec.ts.
    'Replay on another assistant…',
    // Current servers share chats and export them as files; see share-link.spec.ts and server-export.spec.ts.
    'Share link',
    'Export as Markdown',
    'Export as JSON',
    'Export PDF / DOCX / JSON (server)…',
    'Delete',
  ]);
  await expect(menu.getByRole('separator')).toHaveCount(1);
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Pin' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Finish chat…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Replay on another assistant…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Share link' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Export as Markdown' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Export PDF / DOCX / JSON (server)…' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  // Rename from the keyboard, and Esc leaves the title as it was.
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rail(page).getByLabel('Conversation title')).toBeFocused();
  await page.keyboard.type(' (draft)');
  await page.keyboard.press('Escape');
  await expect(conversationLink(page, pkce)).toBeFocused();
});

test('edit in place: the question becomes editable where it is, Esc cancels, the edit survives a reload, Enter sends version 2', async ({
  page,
}) => {
  await askAndWait(page, 'Explain PKCE');
  await page.getByLabel('Message').fill('a question for later');
  const bubble = lastTurn(page).locator('.turn-question');
  await lastTurn(page).getByRole('button', { name: 'Edit question' }).scrollIntoViewIfNeeded();
  const before = await bubble.boundingBox();
  await lastTurn(page).getByRole('button', { name: 'Edit question' }).click();
  const editor = bubble.getByLabel('Edited question');
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue('Explain PKCE');
  // Where the question was: the bubble did not move, and the composer still holds its own draft.
  expect(Math.abs(((await bubble.boundingBox())?.y ?? 0) - (before?.y ?? -100))).toBeLessThan(2);
  await expect(page.getByLabel('Message')).toHaveValue('a question for later');

  await editor.fill('Explain something else');
  await editor.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(lastTurn(page).locator('.turn-question-text')).toHaveText('Explain PKCE');
  await expect(lastTurn(page).getByRole('button', { name: 'Edit question' })).toBeFocused();
  await expect(lastTurn(page).getByRole('group', { name: 'Versions' })).toHaveCount(0);

  await lastTurn(page).getByRole('button', { name: 'Edit question' }).click();
  await expect(editor).toHaveValue('Explain PKCE');
  await editor.press('End');
  await editor.press('Shift+Enter');
  await editor.pressSequentially('and OAuth scopes');
  // Drafts are never lost: a reload brings the edit back, open, as it was typed.
  await page.reload();
  await expect(editor).toHaveValue('Explain PKCE\nand OAuth scopes');
  await expect(page.getByLabel('Message')).toHaveValue('a question for later');
  await editor.fill('Explain OAuth scopes');
  await editor.press('Enter');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(page.getByLabel('Message')).toHaveValue('a question for later');
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(1);
  // Versions with edited questions are chosen on the question, with targets a finger can hit.
  const versions = lastTurn(page).locator('.turn-question').getByRole('group', { name: 'Versions' });
  await expect(versions).toContainText('2/2');
  const target = await versions.getByRole('button', { name: 'Previous version' }).boundingBox();
  expect(Math.min(target?.width ?? 0, target?.height ?? 0)).toBeGreaterThanOrEqual(24);
  await expect(lastTurn(page)).toContainText('Explain OAuth scopes');

  await versions.getByRole('button', { name: 'Previous version' }).click();
  await expect(versions).toContainText('1/2');
  await expect(lastTurn(page).locator('.turn-question-text')).toHaveText('Explain PKCE');

  // A regeneration is a version of the answer, counted on the answer; the question still has its two versions.
  await versions.getByRole('button', { name: 'Next version' }).click();
  await lastTurn(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  const answers = lastTurn(page).getByRole('group', { name: 'Versions of the answer' });
  const questions = lastTurn(page).getByRole('group', { name: 'Versions of the question' });
  await expect(answers).toContainText('2/2');
  await expect(questions).toContainText('2/2');
  await page.reload();
  await expect(answers).toContainText('2/2');
  await expect(questions).toContainText('2/2');
  await expect(lastTurn(page).locator('.turn-question-text')).toHaveText('Explain OAuth scopes');
  // The first question's version shows its own question, with one answer.
  await questions.getByRole('button', { name: 'Previous version' }).click();
  await expect(lastTurn(page).locator('.turn-question-text')).toHaveText('Explain PKCE');
  await expect(answers).toHaveCount(0);
});

test('a conversation reopens with its assistant, shows it in the rail, and a follow-up reaches it', async ({
  page,
}) => {
  const question = `Otters ${Date.now().toString(36)}`;
  await pickAssistant(page, 'General Assistant');
  await askAndWait(page, question);
  const item = rail(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: question, exact: true }) });
  await expect(item).toContainText('General Assistant');

  // Another chat with another assistant: that one is picked last.
  await rail(page).getByRole('button', { name: 'New chat' }).click();
  await pickAssistant(page, 'Slow Storyteller');
  await askAndWait(page, `Tell me a story ${Date.now().toString(36)}`);

  await conversationLink(page, question).click();
  await expect(assistantField(page)).toHaveValue('General Assistant');
  await askAndWait(page, 'And beavers?');
  await expect(lastTurn(page).locator('.turn-answer .turn-author')).toContainText('General Assistant');

  // Asking someone else mid-conversation is said on the question.
  await pickAssistant(page, 'Slow Storyteller');
  await askAndWait(page, 'Now a story please');
  await expect(lastTurn(page).locator('.turn-question')).toContainText('asked Slow Storyteller');
  await expect(item).toContainText('Slow Storyteller');
});

test('the rail can be widened, by keyboard or by dragging, and keeps its width after a reload', async ({ page }) => {
  const railWidth = () =>
    page
      .getByRole('navigation', { name: 'Main' })
      .evaluate((element) => Math.round(element.getBoundingClientRect().width));
  const before = await railWidth();
  const handle = page.getByRole('separator', { name: 'Rail width' });
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(railWidth).toBe(before + 32);
  const box = await handle.boundingBox();
  if (!box) throw new Error('no handle');
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + 200, { steps: 4 });
  await page.mouse.up();
  await expect.poll(railWidth).toBe(before + 92);
  await page.reload();
  await expect.poll(railWidth).toBe(before + 92);
});
