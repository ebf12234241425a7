import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastStatus, lastTurn, signIn } from './support';

// The question editor in place passes axe (no serious or critical violation) in both themes and at 375 px.

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a question being edited in place, light and dark, wide and at 375 px', async ({ page }) => {
  // Four axe passes (two themes, two widths): slow on a busy machine, not a hang.
  test.slow();
  await signIn(page, 'analyst');
  await page.getByLabel('Stream').uncheck();
  await ask(page, 'Explain PKCE');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await lastTurn(page).getByRole('button', { name: 'Edit question' }).click();
  const editor = lastTurn(page).getByLabel('Edited question');
  await expect(editor).toBeFocused();
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    expect.soft(await seriousViolations(page), `the editor in the ${theme} theme`).toEqual([]);
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await editor.scrollIntoViewIfNeeded();
  await expect(lastTurn(page).getByRole('button', { name: 'Send', exact: true })).toBeInViewport();
  expect.soft(await seriousViolations(page), 'the editor at 375 px').toEqual([]);
});
