// Against a 2.42-era server (no tool policies, no pause): no "Approval" control anywhere, and a tool-using
// assistant answers at once, as before.
import { expect, test } from '../csp';
import { ask, lastStatus, lastTurn, pickAssistant, signIn } from '../support';

test('no tool policy control, no pause: the tool runs and the answer completes', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Records Keeper');
  const chip = page.getByRole('button', { name: /^Extra tools/ });
  await expect(chip).toHaveText(/^Extra tools▾$/);
  await chip.click();
  await expect(page.getByRole('switch', { name: 'Web search' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approval/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const declared = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/model'));
  await ask(page, 'Delete the inactive customers');
  expect((await declared).postDataJSON()).not.toHaveProperty('tool_call_policy');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Deleted 3 records');
  await expect(lastTurn(page).getByRole('region', { name: /Waiting for you/ })).toHaveCount(0);
});
