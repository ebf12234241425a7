import { test, expect, type Page } from '@playwright/test';
import { ask, lastStatus, lastTurn, pickAssistant, pickWorkflow, signIn, workflows } from '../e2e/support';

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
  { name: 'headers', open: (page) => openScreen(page, 'Headers') },
  { name: 'inspector', open: (page) => openScreen(page, 'Inspector') },
  { name: 'settings', open: (page) => openScreen(page, 'Settings') },
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
