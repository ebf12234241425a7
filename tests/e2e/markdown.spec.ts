import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastStatus, lastTurn, pickAssistant, signIn } from './support';

/** The computed colour of the answer's first `const` token, and the two colours Shiki gave it. */
const keywordColours = (page: Page) =>
  lastTurn(page)
    .locator('pre code span', { hasText: /^const$/ })
    .first()
    .evaluate((span) => ({
      shown: getComputedStyle(span).color,
      light: span.style.getPropertyValue('--shiki-light'),
      dark: span.style.getPropertyValue('--shiki-dark'),
      plain: getComputedStyle(span.closest('pre') as Element).color,
    }));

/** `#rrggbb` as getComputedStyle writes it. */
const rgb = (hex: string) => {
  const value = Number.parseInt(hex.trim().slice(1, 7), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
};

test('the sign-in page does not download the markdown renderer or the highlighter', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((url) => /markdown-render|highlight\.worker|engine-javascript|\/core-|typescript-/.test(url)),
  ).toEqual([]);
});

test('a finished answer: highlighted code with a copy button, reference link and footnote resolved', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'analyst');
  await ask(page, 'How do refresh tokens work?');
  await expect(lastTurn(page).getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });

  // Code: coloured tokens, each with a light and a dark colour; the copy button copies the code as text.
  const code = lastTurn(page).locator('pre code');
  await expect(code.locator('span[style*="--shiki-light"]').first()).toBeVisible();
  // Tokenised in the highlighter's own thread (a grammar's first use would freeze the page for it).
  expect(page.workers().map((worker) => worker.url())).toContainEqual(
    expect.stringMatching(/\/code-highlight\.worker-[\w-]+\.js$/),
  );
  const light = await keywordColours(page);
  expect(light.shown).toBe(rgb(light.light));
  expect(light.shown).not.toBe(light.plain);
  await lastTurn(page).getByRole('button', { name: 'Copy code' }).click();
  await expect(lastTurn(page).getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('const words = question.split(/\\s+/).filter(Boolean);');
  expect(copied).toBe(await code.innerText());

  // A dark system theme switches the tokens to their dark colours; an explicit light theme wins over it.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect((await keywordColours(page)).shown).toBe(rgb(light.dark));
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  expect((await keywordColours(page)).shown).toBe(rgb(light.light));
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  expect((await keywordColours(page)).shown).toBe(rgb(light.dark));
  await page.evaluate(() => delete document.documentElement.dataset.theme);

  // The reference link's definition and the footnote are at the end of the answer: both resolve.
  const answer = lastTurn(page).getByTestId('answer-text');
  await expect(answer.getByRole('link', { name: 'the documentation' })).toHaveAttribute(
    'href',
    'https://example.com/docs',
  );
  await expect(answer).not.toContainText('[docs]');
  await expect(answer).not.toContainText('[^words]');
  const url = page.url();
  await answer.getByRole('link', { name: '1', exact: true }).click();
  await expect(
    answer.getByRole('listitem').filter({ hasText: 'The key words are taken from your question.' }),
  ).toBeFocused();
  expect(page.url()).toBe(url);

  // Colours and structure pass axe in both themes.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="answer-text"]').analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    const named = serious.map(
      (violation) => `${scheme}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
    expect(named).toEqual([]);
  }
});

// The last code block of this answer ends up just above the transcript's top edge, part of it in sight: it is near
// within the transcript (the box it scrolls in), though the page's viewport would see it clipped to almost nothing.
// Observed against the page, it stayed plain whenever a few more pixels below pushed it out (two CI runs of two).
test('code far above the view is highlighted once scrolled to, not before', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Bench Streamer');
  // About 60 KB of sections, each with a code block: the first is many screens above the end of the answer.
  await ask(page, 'bench rate=20000 size=60000 every=100000');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  const blocks = lastTurn(page).locator('pre code');
  expect(await blocks.count()).toBeGreaterThan(20);
  // Highlighted code is painted token by token, each token in its colour.
  const colouredTokens = (block: Locator) => block.locator('span[style*="--shiki-light"]');
  // The highlighter's worker starts with the first code in view: on a machine busy with other tests that can take
  // longer than the default wait (seen once in CI), so its first colours get 30 s.
  await expect(colouredTokens(blocks.last()).first()).toBeVisible({ timeout: 30_000 });
  // Code a screen above the view, wholly out of sight, is coloured before the reader scrolls to it.
  const aboveTheView = await blocks.evaluateAll((codes) => {
    const top = document.querySelector('[role="log"][aria-label="Conversation"]')?.getBoundingClientRect().top ?? 0;
    return codes.findLastIndex((code) => {
      const box = code.getBoundingClientRect();
      return box.bottom < top - 100 && box.top > top - 1400;
    });
  });
  expect(aboveTheView).toBeGreaterThan(0);
  await expect(colouredTokens(blocks.nth(aboveTheView)).first()).toBeAttached();
  const first = blocks.first();
  await expect(colouredTokens(first)).toHaveCount(0);
  await first.scrollIntoViewIfNeeded();
  await expect(colouredTokens(first).first()).toBeVisible({ timeout: 15_000 });
});
