import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  ask,
  chooseModel,
  headerAssistants,
  lastStatus,
  lastTurn,
  modelSelect,
  pickAssistant,
  signIn,
} from './support';

// The chat's top bar: one line of controls of one height on a wide screen, a compact bar and a settings sheet on a phone.

const bar = (page: Page) => page.getByRole('region', { name: 'Chat' }).locator('header.chat-toolbar');

/** The controls a person sees in the wide bar: the bordered box of each. */
const barControls = (page: Page): Record<string, Locator> => ({
  assistant: bar(page).locator('.catalog-combobox'),
  model: bar(page)
    .locator('.control')
    .filter({ has: modelSelect(page) }),
  stream: bar(page)
    .locator('label')
    .filter({ has: page.getByRole('switch', { name: 'Stream' }) }),
  headers: page.getByRole('button', { name: /^Headers/ }),
});

async function boxes(controls: Record<string, Locator>) {
  const measured: Record<string, { top: number; height: number }> = {};
  for (const [name, control] of Object.entries(controls)) {
    const box = await control.boundingBox();
    if (!box) throw new Error(`${name} is not on screen`);
    measured[name] = { top: Math.round(box.y), height: Math.round(box.height) };
  }
  return measured;
}

const barHeight = async (page: Page) => Math.round((await bar(page).boundingBox())?.height ?? 0);

// Below about 1,200 px (with the rail) the bar folds into the settings sheet (the 375 px test): the assistant's name
// keeps its room.
for (const width of [1440, 1280]) {
  test(`at ${width} px the bar is one line of controls of one height, and "Other model…" does not grow it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 860 });
    await signIn(page, 'analyst');
    await expect(page.getByLabel('Message')).toBeVisible();
    const measured = await boxes(barControls(page));
    const heights = new Set(Object.values(measured).map((box) => box.height));
    const tops = new Set(Object.values(measured).map((box) => box.top));
    expect([...heights], JSON.stringify(measured)).toEqual([32]);
    expect([...tops], `one line: ${JSON.stringify(measured)}`).toHaveLength(1);
    const before = await barHeight(page);
    expect(before).toBeLessThanOrEqual(56);

    await chooseModel(page, 'Other model…');
    const name = page.getByRole('dialog', { name: 'Other model' }).getByRole('textbox', { name: 'Model name' });
    await expect(name).toBeFocused();
    expect(await barHeight(page)).toBe(before);
    await name.fill('my-finetune-1');
    await name.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Other model' })).toBeHidden();
    await expect(modelSelect(page)).toContainText('my-finetune-1');
    expect(await barHeight(page)).toBe(before);
    expect(await boxes(barControls(page))).toEqual(measured);

    // The typed name is the model of the next question; the platform knows no such model and says so on the turn.
    const call = page.waitForRequest(
      (request) => request.method() === 'POST' && /\/v1\/assistants\/[^/]+\/(stream|model)$/.test(request.url()),
    );
    await ask(page, 'Which model are you?');
    expect((await call).postDataJSON()).toMatchObject({ llmModel: 'my-finetune-1' });
    await expect(lastTurn(page).getByRole('alert')).toContainText("Unknown LLM model 'my-finetune-1'", {
      timeout: 30_000,
    });
  });
}

test('at 375 px the bar is one compact line; the settings sheet changes model, stream and forwarding, and Esc returns to its button', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await page.setViewportSize({ width: 375, height: 812 });
  const settings = page.getByRole('button', { name: 'Chat settings' });
  await expect(settings).toBeVisible();
  expect(await barHeight(page)).toBeLessThanOrEqual(56);
  await expect(modelSelect(page)).toHaveCount(0);

  await settings.click();
  const sheet = page.getByRole('dialog', { name: 'Chat settings' });
  await expect(sheet).toBeVisible();
  // A bottom sheet: it rests on the bottom edge of the screen.
  await expect
    .poll(async () =>
      Math.round(await sheet.evaluate((element) => element.closest('.sheet')?.getBoundingClientRect().bottom ?? 0)),
    )
    .toBe(812);
  await chooseModel(page, 'Claude Sonnet 4');
  await expect(sheet).toBeVisible();
  await expect(modelSelect(page)).toContainText('Claude Sonnet 4');
  const stream = sheet.getByRole('switch', { name: 'Stream' });
  const forwarding = sheet.getByRole('switch', { name: 'Forward headers' });
  await stream.uncheck();
  await forwarding.uncheck();
  // The state is written out, not told by colour alone.
  await expect(sheet.locator('label').filter({ has: page.getByRole('switch', { name: 'Stream' }) })).toContainText(
    'Off',
  );
  await expect(
    sheet.locator('label').filter({ has: page.getByRole('switch', { name: 'Forward headers' }) }),
  ).toContainText('Off');

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(settings).toBeFocused();

  // What the sheet set is what the next question carries: that model, no stream, no custom header.
  const call = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/v1\/assistants\/[^/]+\/(stream|model)$/.test(request.url()),
  );
  await ask(page, 'Which model are you?');
  const sent = await call;
  expect(sent.url()).toMatch(/\/model$/);
  expect(sent.postDataJSON()).toMatchObject({ llmModel: 'claude-sonnet-4', stream: false });
  expect(sent.postDataJSON()).not.toHaveProperty('propagate_headers', true);
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('claude-sonnet-4', { timeout: 30_000 });

  await settings.click();
  await expect(sheet.getByRole('switch', { name: 'Stream' })).not.toBeChecked();
  await expect(sheet.getByRole('switch', { name: 'Forward headers' })).not.toBeChecked();
});

test('a model and its note are read apart, and the closed select shows the model alone', async ({ page }) => {
  await signIn(page, 'analyst');
  await modelSelect(page).click();
  const option = page.getByRole('listbox').getByRole('option', { name: 'GPT-4.1, platform default', exact: true });
  await expect(option).toHaveText(/^GPT-4\.1\s*platform default$/);
  await option.click();
  await expect(modelSelect(page)).toHaveText(/^GPT-4\.1▾$/);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the settings sheet at 375 px has no serious axe violation in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, 'analyst');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Chat settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Chat settings' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}

/** The body of the next question the console sends to an assistant. */
const nextQuestion = (page: Page) =>
  page
    .waitForRequest(
      (request) => request.method() === 'POST' && /\/v1\/assistants\/[^/]+\/(stream|model)$/.test(request.url()),
    )
    .then((request) => request.postDataJSON() as Record<string, unknown>);

test('a model override stays with the conversation it was chosen in, and is not kept for the next person', async ({
  page,
}) => {
  const rail = page.getByRole('region', { name: 'Conversations' });
  const title = `Which model are you? ${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, 'analyst');
  await page.getByLabel('Stream').uncheck();

  // Chat A asks with Claude Sonnet 4.
  await chooseModel(page, 'Claude Sonnet 4');
  let sent = nextQuestion(page);
  await ask(page, title);
  expect(await sent).toMatchObject({ llmModel: 'claude-sonnet-4' });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('claude-sonnet-4', { timeout: 30_000 });
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);

  // A new chat starts from the assistant's default, and asks for no model.
  await rail.getByRole('button', { name: 'New chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(modelSelect(page)).toContainText('Assistant default');
  sent = nextQuestion(page);
  await ask(page, 'And which model answers here?');
  expect(await sent).not.toHaveProperty('llmModel');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('gpt-4.1');

  // Back in A: its model, for its next question too.
  await rail.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(modelSelect(page)).toContainText('Claude Sonnet 4');

  // Another assistant in A answers with its own default: a current server is asked for it by null.
  await pickAssistant(page, headerAssistants.inspector.name);
  await expect(modelSelect(page)).toContainText('Assistant default');
  sent = nextQuestion(page);
  await ask(page, 'Which headers reached the tool server?');
  expect(await sent).toMatchObject({ llmModel: null });
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });

  // No override is kept in the browser for whoever signs in next.
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => localStorage.getItem(key)?.includes('claude-sonnet-4')),
  );
  expect(kept).toEqual([]);
});
