import { expect, test } from './csp';
import { ask, lastTurn, modelSelect, signIn } from './support';

// Model routers (current servers): listed apart under "Routers", read with their tiers, picked like a model.

test('a router is picked from the Routers list and its base_name is sent as llmModel', async ({ page }) => {
  await signIn(page, 'analyst');
  await modelSelect(page).click();
  const routers = page.getByRole('listbox').getByRole('group', { name: 'Routers' });
  const balanced = routers.getByRole('option', { name: 'Auto (balanced)' });
  await expect(routers.getByRole('option')).toHaveCount(2);
  await expect(balanced).toHaveAccessibleDescription(
    'Routes: simple → gpt-4.1-mini, medium → gpt-4.1, complex → claude-sonnet-4, reasoning → gemini-2.5-pro',
  );
  // The tiers show while the router is hovered.
  await balanced.hover();
  await expect(balanced.getByText(/^Routes:/)).toBeVisible();
  await balanced.click();
  await expect(modelSelect(page)).toHaveAccessibleName('Model Auto (balanced)');

  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/model'));
  await ask(page, 'Which model are you?');
  expect((await sent).postDataJSON()).toMatchObject({ llmModel: 'auto-balanced' });
  await expect(lastTurn(page).getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
});
