import { test, expect, type Page } from '@playwright/test';
import {
  ask,
  assistantField,
  lastStatus,
  lastTurn,
  modelSelect,
  pickAssistant,
  pickWorkflow,
  platformOrigin,
  signIn,
  workflows,
} from '../e2e/support';

// Every screen, in both themes, at 1440×900 and at 375 px: `docs/screens/<screen>-<theme>-<width>.png`, looked at
// before a change to how the console looks is called done.

const sizes = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;
const themes = ['light', 'dark'] as const;

async function openScreen(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // At 375 px the navigation sits in a drawer behind the menu button.
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name, exact: true }).click();
}

const screens: Array<{ name: string; open(page: Page): Promise<void> }> = [
  {
    name: 'chat',
    async open(page) {
      await pickAssistant(page, 'Research Agent');
      await ask(page, 'How do solar panels work?');
      await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
    },
  },
  {
    // The chat's last turn, its thoughts as a timeline (the screen above left it completed).
    name: 'timeline',
    async open(page) {
      await lastTurn(page).getByRole('button', { name: 'Timeline', exact: true }).click();
      await lastTurn(page).getByRole('list', { name: 'Timeline of thoughts' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'workflows',
    async open(page) {
      await openScreen(page, 'Workflows');
      await pickWorkflow(page, workflows.summarize.name);
    },
  },
  { name: 'runs', open: (page) => page.goto('/workflows/runs').then(() => undefined) },
  {
    // A tool call waiting for the person: Allow, Allow for the rest of the chat, Deny….
    name: 'approval',
    async open(page) {
      await page.goto('/chat');
      await pickAssistant(page, 'Records Keeper');
      await ask(page, 'Delete the inactive customers');
      await expect(lastStatus(page)).toHaveText('Waiting for you', { timeout: 30_000 });
    },
  },
  {
    // Deny opened: the reason for the agent.
    name: 'deny-reason',
    async open(page) {
      await lastTurn(page).getByRole('button', { name: 'Deny…' }).click();
      await lastTurn(page).getByRole('textbox').fill('use the staging copy instead');
    },
  },
  {
    name: 'waiting',
    async open(page) {
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      if (await menu.isVisible()) await menu.click();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /^Waiting for you/ })
        .click();
    },
  },
  {
    // The picker ranks names that start with the text first, and says why a match matched.
    name: 'picker',
    async open(page) {
      await page.goto('/chat');
      await assistantField(page).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('records');
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    },
  },
  {
    // The model list with its Routers apart (in the settings sheet at 375 px).
    name: 'routers',
    async open(page) {
      await page.keyboard.press('Escape');
      if (!(await modelSelect(page).isVisible())) await page.getByRole('button', { name: /^Chat settings/ }).click();
      await modelSelect(page).click();
      await expect(page.getByRole('listbox').getByRole('group', { name: 'Routers' })).toBeVisible();
    },
  },
  {
    // Questions queued behind an answer that is still being written, with the queue's line.
    name: 'queue',
    async open(page) {
      await page.goto('/chat');
      await pickAssistant(page, 'Slow Writer');
      await ask(page, 'A long answer, words 400');
      await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
      await ask(page, 'Then a short one, words 3');
      await ask(page, 'And a last one, words 3');
      await expect(page.getByRole('region', { name: 'Queued questions' }).getByRole('listitem')).toHaveCount(2);
    },
  },
  {
    // A chat finished on the server (the platform's knob stands in for an administrator): why, and the way on.
    name: 'finished',
    async open(page) {
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await page.getByRole('region', { name: 'Queued questions' }).getByRole('button', { name: 'Clear queue' }).click();
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').at(-1) ?? '';
      await page.request.post(`${platformOrigin}/__test/finish-conversation?conversation=${id}`);
      await ask(page, 'Is this chat still open?');
      await expect(lastTurn(page).getByRole('alert')).toContainText('This conversation is finished');
    },
  },
  { name: 'headers', open: (page) => openScreen(page, 'Headers') },
  { name: 'inspector', open: (page) => openScreen(page, 'Inspector') },
  {
    // Export with sensitive data asks first, and says what the file will hold.
    name: 'har-sensitive',
    async open(page) {
      await page.getByRole('button', { name: 'Export with sensitive data…' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
  {
    name: 'settings',
    async open(page) {
      await page.keyboard.press('Escape');
      await openScreen(page, 'Settings');
    },
  },
];

for (const size of sizes)
  for (const theme of themes)
    test(`every screen, ${theme}, ${size.width} px`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await signIn(page, 'analyst');
      await page.setViewportSize(size);
      for (const screen of screens) {
        await screen.open(page);
        await page.waitForTimeout(300);
        await page.screenshot({
          path: `docs/screens/${screen.name}-${theme}-${size.width}.png`,
          animations: 'disabled',
        });
      }
    });
