import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';
import { assistantField, assistants, catalogOption, lastStatus, lastTurn } from './support';

// Keyboard only, from the console's sign-in page to an answer: no click, no fill.

/** Presses Tab until `target` has focus (a person tabbing through the page), failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 25, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

test('sign in, ask, stop a streaming answer and open the shortcuts help, all with the keyboard', async ({ page }) => {
  await page.goto('/');
  await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
  await page.keyboard.press('Enter');

  // The identity provider's login form focuses its username field.
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type('analyst');
  await page.keyboard.press('Tab');
  await page.keyboard.type('analyst');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(assistantField(page)).toHaveValue(assistants.general.name);
  await page.keyboard.press('Shift+Escape');
  await expect(composer(page)).toBeFocused();
  await page.keyboard.type('How do solar panels work?');
  await page.keyboard.press('Enter');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText(/solar/i);

  // The slow assistant, picked from the keyboard. The picker is a combobox: focus selects the chosen name, so typing
  // replaces it with a search; Esc puts the chosen one back; the first match is highlighted as one types, Enter
  // takes it and the keyboard goes on to the message box.
  // Backwards from the message box: forwards, the rail's conversations (the server's too) come first.
  await tabTo(page, assistantField(page), 60, 'Shift+Tab');
  await page.keyboard.type('Slow');
  await expect(catalogOption(page, assistants.slow.name)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(assistantField(page)).toHaveValue(assistants.general.name);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Slow Sto');
  const first = await catalogOption(page, assistants.slow.name).getAttribute('id');
  await expect(assistantField(page)).toHaveAttribute('aria-activedescendant', first ?? 'none');
  await page.keyboard.press('Enter');
  await expect(assistantField(page)).toHaveValue(assistants.slow.name);
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(composer(page)).toBeFocused();

  // "/" is a command only outside a field; in the message box it is typed.
  await tabTo(page, page.getByRole('button', { name: 'Add by ID' }), 60, 'Shift+Tab');
  await page.keyboard.press('/');
  await expect(composer(page)).toBeFocused();
  await page.keyboard.type('Tell me a long story / please');
  await expect(composer(page)).toHaveValue('Tell me a long story / please');
  await page.keyboard.press('Enter');
  await expect(lastStatus(page)).toHaveText(/^Answering/, { timeout: 10_000 });
  await expect(composer(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(lastStatus(page)).toHaveText(/^Stopped/);
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);

  // "?" in the message box is text; from a button it opens the help, and Esc gives focus back.
  await page.keyboard.press('Shift+Tab');
  const focused = page.locator(':focus');
  await expect(focused).not.toHaveCount(0);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toHaveAttribute('aria-modal', 'true');
  await expect(help.getByText('Stop the answer')).toBeVisible();
  await expect(help.getByText('Start the run (or the batch)')).toBeVisible();
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
  // Focus stays in the dialog.
  for (let presses = 0; presses < 3; presses += 1) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body,
      ),
    ).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(focused).toBeFocused();
});

test('new chat and search conversations from the keyboard', async ({ page }) => {
  await page.goto('/');
  await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type('analyst');
  await page.keyboard.press('Tab');
  await page.keyboard.type('analyst');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Signed in, the keyboard is in the message box, not on the page's body.
  await expect(composer(page)).toBeFocused();
  const question = `What is keyboard ${Date.now().toString(36)}?`;
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);

  await page.keyboard.press('ControlOrMeta+Shift+O');
  await expect(page).toHaveURL(/\/chat$/);
  await expect(composer(page)).toBeFocused();

  await page.keyboard.press('ControlOrMeta+K');
  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  await expect(search).toBeFocused();
  await page.keyboard.type(question.slice(0, -1));
  const found = page.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: question });
  await expect(found).toBeVisible();
  await tabTo(page, found);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(lastTurn(page)).toContainText(question);
});
