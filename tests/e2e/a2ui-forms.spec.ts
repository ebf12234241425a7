// A current server's agent asks with an A2UI form (CURRENT-SERVERS.md §3) because the console declares the Basic
// Catalog: every component renders accessibly in both themes and at 375 px, media loads only after consent, a required
// field is refused before sending, a 422 shows the server's words with the form given back, an answer sends the action
// and the whole data model, and an answered form is read-only after a reload.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastTurn, pickAssistant, signIn } from './support';

const asking = 'Asking Assistant';
const form = (page: Page) => page.getByRole('form', { name: `${asking} asks` }).last();

async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include('form.a2ui-form').analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/** The answers this page sends to forms (the /model bodies that carry an A2UI action). */
function formAnswers(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/model')) return;
    const body = request.postDataJSON() as Record<string, unknown>;
    if (body['a2uiAction']) bodies.push(body);
  });
  return bodies;
}

test('a form with every component renders accessibly in both themes and at 375 px; media loads after consent', async ({
  page,
}) => {
  const media: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/a2ui-media/')) media.push(request.url());
  });
  await signIn(page, 'analyst');
  await pickAssistant(page, asking);
  const declared = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/model'));
  await ask(page, 'Show me everything you can ask with');
  expect((await declared).postDataJSON()).toMatchObject({
    a2uiSupportedCatalogs: ['https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json'],
  });
  await expect(form(page)).toBeVisible();
  await expect(form(page)).toContainText('Every component');
  await expect(form(page).getByRole('tab', { name: 'Details' })).toBeVisible();
  await expect(lastTurn(page).locator('.status-label')).toHaveText('Waiting for you');
  await expectAccessible(page, 'light');

  // Nothing the agent named is fetched before the person agrees; then without a referrer, through the console's origin.
  expect(media).toEqual([]);
  await expect(form(page).locator('img')).toHaveCount(0);
  await form(page).getByRole('button', { name: 'Load media from localhost:4173' }).first().click();
  const picture = form(page).getByRole('img', { name: 'A blue square with a white check mark' });
  await expect(picture).toHaveAttribute('src', 'http://localhost:4173/code-assistant-api/v1/a2ui-media/check.svg');
  expect(media.length).toBeGreaterThan(0);

  await page.getByRole('combobox', { name: 'Theme' }).selectOption('Dark');
  await expectAccessible(page, 'dark');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(form(page)).toBeVisible();
  await expectAccessible(page, '375 px');
});

test('a required field is refused before sending, a 422 keeps the form, and an answer goes on and stays answered', async ({
  page,
}) => {
  const answers = formAnswers(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, asking);
  await ask(page, 'Show me everything you can ask with');
  await expect(form(page)).toBeVisible();
  // The turn waits for the person, in words and colour, and the keyboard went to the form; nothing reads "Completed".
  await expect(lastTurn(page).locator('.status-label')).toHaveText('Waiting for you');
  await expect(lastTurn(page).getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
  await expect
    .poll(() => form(page).evaluate((element) => element.contains(document.activeElement)), { timeout: 5000 })
    .toBe(true);

  // Submit with the required name empty: refused in the browser, nothing sent.
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(form(page).getByRole('alert').first()).toContainText('need a change');
  expect(answers).toHaveLength(0);

  await form(page).getByRole('tab', { name: 'Details' }).click();
  await form(page).getByRole('textbox', { name: /^Name/ }).fill('Ada');
  // The server refuses a data model key no component binds: its words are shown and the form comes back as typed.
  await page.route('**/model', async (route) => {
    const body = route.request().postDataJSON() as { a2uiDataModel?: Record<string, unknown> };
    if (!body.a2uiDataModel) return route.continue();
    body.a2uiDataModel = { ...body.a2uiDataModel, bogus: 1 };
    await route.continue({ postData: JSON.stringify(body) });
  });
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(form(page).getByRole('alert')).toContainText("Unknown A2UI data model key: 'bogus'");
  // The refusal stays on the form: no failed turn with a Retry that cannot succeed.
  await expect(page.getByRole('article')).toHaveCount(1);
  await form(page).getByRole('tab', { name: 'Details' }).click();
  await expect(form(page).getByRole('textbox', { name: /^Name/ })).toHaveValue('Ada');
  await page.unroute('**/model');

  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('name: Ada', { timeout: 20_000 });
  // The pressed button went disabled: the keyboard stayed with the form, not on the page's body.
  await expect(form(page)).toBeFocused();
  const sent = answers.at(-1);
  expect(sent?.['a2uiAction']).toMatchObject({
    version: 'v0.9.1',
    action: { name: 'submit', sourceComponentId: 'submit' },
  });
  expect(sent?.['a2uiDataModel']).toMatchObject({ name: 'Ada', volume: 5, agree: false });

  await page.reload();
  await expect(form(page)).toContainText('Answered', { timeout: 15_000 });
  await form(page).getByRole('tab', { name: 'Details' }).click();
  await expect(form(page).getByRole('textbox', { name: /^Name/ })).toHaveValue('Ada');
  await expect(form(page).getByRole('textbox', { name: /^Name/ })).toBeDisabled();
  // What was sent reads as a value, in the text's own colour, not greyed like a placeholder.
  const colours = await form(page)
    .getByRole('textbox', { name: /^Name/ })
    .evaluate((field) => ({
      field: getComputedStyle(field).webkitTextFillColor,
      text: getComputedStyle(document.body).color,
    }));
  expect(colours.field).toBe(colours.text);
});

test('at 375 × 667 px a form taller than the view takes the keyboard on its first field, and that field is in view', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await page.setViewportSize({ width: 375, height: 667 });
  await pickAssistant(page, asking);
  await ask(page, 'Show me everything you can ask with');
  await expect(form(page)).toContainText('Every component');
  const focused = page.locator(':focus');
  await expect.poll(() => focused.evaluate((element) => element.closest('form.a2ui-form') !== null)).toBe(true);
  // Once the transcript has settled (the finished answer is drawn once more, a frame later).
  for (let frame = 0; frame < 3; frame += 1) await page.evaluate(() => new Promise(requestAnimationFrame));
  await expect(focused).toBeInViewport({ ratio: 1 });
  // The form is taller than the view: its end, where the transcript's end is, is out of it.
  const sizes = await form(page).evaluate((element) => ({
    form: element.getBoundingClientRect().height,
    view: (element.closest('[role="log"]') as HTMLElement).clientHeight,
  }));
  expect(sizes.form).toBeGreaterThan(sizes.view);
});

test('a small form that fans out to millions of placements opens as a notice within 1 s, and the tab stays responsive', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, asking);
  const streamed = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/model'),
  );
  await ask(page, 'Answer the fan-out question');
  // From the moment the whole answer (its three envelopes included) has reached the page.
  await (await streamed).finished();
  const started = Date.now();
  await expect(form(page).getByRole('note')).toHaveText(/This form is too large to show/, { timeout: 1_000 });
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(await form(page).locator('.a2ui-text').count()).toBe(0);
  // The page still answers at once: nothing is drawing 13 million elements behind the notice.
  const beat = Date.now();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(Date.now() - beat).toBeLessThan(500);
  await expect(page.getByLabel('Message')).toBeEditable();
});

test('the agent’s Modal opens inside its answer, named as the agent’s, and stays accessible', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, asking);
  await ask(page, 'Show me everything you can ask with');
  await expect(form(page)).toContainText('Every component');
  await form(page).getByRole('button', { name: 'What is this?' }).click();
  const dialog = page.getByRole('dialog', { name: 'What is this?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`From ${asking}, inside its answer`);
  // Inside the form, within its box: not a page-wide dialog of the console.
  expect(await dialog.evaluate((element) => element.closest('form.a2ui-form') !== null)).toBe(true);
  const [box, formBox] = await Promise.all([dialog.boundingBox(), form(page).boundingBox()]);
  expect(box && formBox && box.y >= formBox.y && box.y + box.height <= formBox.y + formBox.height + 1).toBe(true);
  await expectAccessible(page, 'modal open');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
