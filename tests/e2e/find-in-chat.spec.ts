import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { assistants, signIn } from './support';

const rail = (page: Page) => page.getByRole('region', { name: 'Conversations' });
const findBar = (page: Page) => page.getByRole('search', { name: 'Find in this conversation' });
const findInput = (page: Page) => findBar(page).getByRole('textbox', { name: 'Find in this conversation' });
const findCount = (page: Page) => findBar(page).getByRole('status');
const turnArticle = (page: Page, number: number) =>
  page.getByRole('article', { name: new RegExp(`^Question: Question number ${number}( |$)`) });

/** A finished thought (closed when the turn is shown): a tool call inside an agent step. */
const thought = (id: string, fields: Record<string, unknown>, children: unknown[] = []) => ({
  id,
  parentId: null,
  authorType: 'Tool',
  authorName: 'tool',
  outputFormat: 'text',
  inputText: '',
  message: '',
  metadata: {},
  inProgress: false,
  error: false,
  interrupted: false,
  aborted: false,
  children,
  ...fields,
});

/**
 * An exported conversation of 2,000 finished turns. "zanzibarite" is only in the output of a tool call nested in an
 * agent step of turn 150 (far from the end: never mounted when the conversation opens); "marmalade" is in three
 * turns' texts, for stepping between matches.
 */
function conversationFile(title: string, count: number) {
  const started = Date.UTC(2026, 0, 1);
  const turns = Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    const thoughts =
      number === 150
        ? [
            thought('agent-150', { authorType: 'Agent', authorName: 'Researcher', message: 'Looking it up.' }, [
              thought('tool-150', {
                parentId: 'agent-150',
                authorName: 'mineral_lookup',
                inputText: '{"query":"rare minerals"}',
                message: 'Found: zanzibarite, a rare blue mineral.',
              }),
            ]),
          ]
        : [];
    const answer =
      number === 5 || number === 1995 ? `Answer number ${number}, with marmalade.` : `Answer number ${number}.`;
    return {
      id: `turn-${number}`,
      parentId: index === 0 ? null : `turn-${index}`,
      question: number === 1000 ? `Question number ${number} about marmalade` : `Question number ${number}`,
      assistantId: assistants.general.id,
      assistantName: assistants.general.name,
      mode: 'json',
      status: 'completed',
      answer: { text: answer, complete: true, thoughts: { roots: thoughts, waiting: {} } },
      startedAt: started + index * 1000,
      endedAt: started + index * 1000 + 500,
    };
  });
  const file = {
    format: 'assistant-console.conversation',
    version: 1,
    exportedAt: new Date(started).toISOString(),
    conversation: { id: 'seeded', title, createdAt: started, updatedAt: started, selection: {} },
    turns,
  };
  return { name: `${title}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) };
}

async function importConversation(page: Page, title: string, count: number): Promise<void> {
  await rail(page).getByLabel('Import a conversation (JSON)').setInputFiles(conversationFile(title, count));
  await expect(rail(page).getByRole('link', { name: title, exact: true })).toHaveAttribute('aria-current', 'page', {
    timeout: 30_000,
  });
  // The whole conversation is read (the latest turns show first): then sending, and finding, cover every turn.
  await expect(page.getByLabel('Message')).not.toHaveAttribute('placeholder', /Loading the conversation/, {
    timeout: 30_000,
  });
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
});

test('Ctrl+F finds a word in a thought of an unmounted turn of 2,000, opens its node and marks it; Enter steps and wraps; Esc closes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await importConversation(page, 'Two thousand turns', 2_000);
  await expect(turnArticle(page, 2000)).toBeInViewport();
  await expect(turnArticle(page, 150)).toHaveCount(0);

  const message = page.getByLabel('Message');
  await message.focus();
  await page.keyboard.press('Control+f');
  await expect(findInput(page)).toBeFocused();
  await page.keyboard.type('ZANZIBARITE');
  await expect(findCount(page)).toHaveText('1 of 1');

  const turn = turnArticle(page, 150);
  await expect(turn).toBeInViewport();
  // The agent step and the tool call inside it were closed; find opened both, and marked the word in the tool's output.
  const tool = turn.getByRole('treeitem', { name: /mineral_lookup/ });
  await expect(turn.getByRole('treeitem', { name: /Researcher/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(tool).toHaveAttribute('aria-expanded', 'true');
  const mark = tool.locator('mark.find-current');
  await expect(mark).toHaveText('zanzibarite');
  await expect(mark).toBeInViewport();
  expect(await page.locator('mark.find-current').count()).toBe(1);

  // Three matches, in turns 5, 1000 and 1995. A new query starts at the first match from where the reader was (turn 150).
  const shown = async (position: number, number: number) => {
    await expect(findCount(page)).toHaveText(`${position} of 3`);
    await expect(turnArticle(page, number)).toBeInViewport();
    await expect(turnArticle(page, number).locator('mark.find-current')).toHaveText('marmalade');
  };
  await findInput(page).fill('marmalade');
  await shown(2, 1000);
  // The mark of the word before went with it.
  await expect(page.locator('mark.find-current')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await shown(3, 1995);
  // Next from the last wraps to the first, previous from the first to the last.
  await page.keyboard.press('Enter');
  await shown(1, 5);
  await page.keyboard.press('Shift+Enter');
  await shown(3, 1995);
  await findBar(page).getByRole('button', { name: 'Previous match' }).click();
  await shown(2, 1000);
  await findBar(page).getByRole('button', { name: 'Next match' }).click();
  await shown(3, 1995);

  await findInput(page).focus();
  await page.keyboard.press('Escape');
  await expect(findBar(page)).toHaveCount(0);
  await expect(page.locator('mark.find-current')).toHaveCount(0);
  await expect(message).toBeFocused();
});

test('the find bar and its mark pass axe in the light and the dark theme', async ({ page }) => {
  test.setTimeout(90_000);
  await importConversation(page, 'A short talk', 12);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.getByLabel('Message').focus();
    await page.keyboard.press('Control+f');
    await findInput(page).fill('marmalade');
    await expect(findCount(page)).toHaveText('1 of 1');
    await expect(page.locator('mark.find-current')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).include('.find-bar').include('mark.find-current').analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      colorScheme,
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(findBar(page)).toHaveCount(0);
  }
});
