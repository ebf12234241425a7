// Typing a name and pressing Enter picks that assistant, whatever order the server lists its matches in (issue 40,
// item 3), and a chosen name reads whole in the bar (two "Research …" are told apart).
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { assistantField, assistants, catalogOption, pickAssistant, signIn } from './support';

const records = { keeper: 'Records Keeper', tenant: 'Tenant Data', guarded: 'Guarded Operator' } as const;

/** Types a search into the assistant field as a person does, key by key. */
async function search(page: Page, text: string): Promise<void> {
  await assistantField(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** The open list's options in the order shown. */
const optionNames = (page: Page) =>
  page
    .getByRole('listbox')
    .getByRole('option')
    .evaluateAll((options) => options.map((option) => option.querySelector('[slot=label]')?.textContent ?? ''));

/** Enter takes the option the field points at: wait until that is the first one shown, then press it. */
async function enterOnFirst(page: Page, name: string): Promise<void> {
  const first = page.getByRole('listbox').getByRole('option').first();
  await expect(first).toHaveAccessibleName(name);
  await expect(assistantField(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(assistantField(page)).toHaveValue(name);
  await expect(page.getByLabel('Message')).toBeFocused();
}

test('records + Enter picks Records Keeper, though the platform lists Tenant Data (its description) first', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  // The platform's own answer for "records", in its catalog's order.
  const answer = page.waitForResponse(
    (response) => /\/v1\/assistants\?/.test(response.url()) && response.url().includes('records'),
  );
  await search(page, 'records');
  const served = ((await (await answer).json()) as { data: Array<{ name: string }> }).data.map(({ name }) => name);
  expect(served.indexOf(records.tenant)).toBeLessThan(served.indexOf(records.keeper));

  await expect.poll(() => optionNames(page)).toEqual([records.keeper, records.tenant, records.guarded]);
  // Why each is offered: the name's matching part is marked; a match elsewhere says so.
  await expect(catalogOption(page, records.keeper).locator('mark')).toHaveText('Records');
  await expect(catalogOption(page, records.tenant)).toHaveAccessibleDescription(/^Matches the description\. /);
  await enterOnFirst(page, records.keeper);
});

test('against a server that ignores the search, only what the text fits is offered, best first', async ({ page }) => {
  // A server that does not filter: every search gets the whole catalog, in its own order, page by page.
  await page.route(/\/v1\/assistants\?/, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.delete('filters');
    return route.continue({ url: url.toString() });
  });
  await signIn(page, 'analyst');
  await search(page, 'records');
  await expect.poll(() => optionNames(page)).toEqual([records.keeper, records.tenant, records.guarded]);
  await expect(catalogOption(page, assistants.general.name)).toHaveCount(0);
  await enterOnFirst(page, records.keeper);

  await search(page, 'keeper');
  await expect.poll(() => optionNames(page)).toEqual([records.keeper]);
});

for (const [width, height] of [
  [1440, 900],
  [375, 812],
] as const) {
  test(`at ${width} px the chosen name reads whole in the bar: the two Research agents are told apart`, async ({
    page,
  }) => {
    await signIn(page, 'analyst');
    await page.setViewportSize({ width, height });
    for (const name of ['Research Agent (NDJSON)', 'Research Agent']) {
      await pickAssistant(page, name);
      // Nothing of the name is cut: the field is as wide as its text.
      const field = assistantField(page);
      await expect
        .poll(() => field.evaluate((input: HTMLInputElement) => input.scrollWidth - input.clientWidth))
        .toBeLessThanOrEqual(0);
    }
    // Narrow, "Add by ID" reads "+ ID" to leave the name the room; it keeps its name.
    await expect(page.getByRole('button', { name: 'Add by ID' })).toBeVisible();
  });
}
