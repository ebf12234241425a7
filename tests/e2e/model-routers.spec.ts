import { expect, test } from './csp';
import { ask, askAndWait, chooseModel, lastStatus, lastTurn, modelSelect, platformOrigin, signIn } from './support';

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

test("a model the project does not allow: the server's words and help, the model picker open, the question kept", async ({
  page,
  request,
}) => {
  await signIn(page, 'analyst');
  await askAndWait(page, 'A first question, so the chat exists');
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  const knob = `${platformOrigin}/__test/model-allow-list?conversation=${page.url().split('/').at(-1)}`;
  await request.post(`${knob}&models=claude-sonnet-4`);
  try {
    await chooseModel(page, 'GPT-4.1 mini');
    await ask(page, 'Which model are you?');
    const error = lastTurn(page).getByRole('alert');
    await expect(error).toContainText('The server would not use this model');
    await expect(error).toContainText(
      "Model 'gpt-4.1-mini' is not allowed in this project. Choose one of the allowed models, or ask a project administrator to allow this one.",
    );
    await expect(error.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    // The model list is open, as the way on; the question waits in the message box.
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    await list.getByRole('option', { name: 'Claude Sonnet 4' }).click();
    await expect(page.getByLabel('Message')).toHaveValue('Which model are you?');
    await page.getByLabel('Message').press('Enter');
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  } finally {
    await request.post(`${knob}&models=off`);
  }
});
