// Against a 2.42-era server an answer ends with the page: what had arrived comes back, marked interrupted (a current
// server goes on and the console re-attaches: background-answers.spec.ts).
import { expect, test } from '../csp';
import { ask, lastStatus, lastTurn, pickAssistant, signIn } from '../support';
import { storedAnswers } from '../stored';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
});

test('an answer streaming when the page closed comes back as interrupted, with what had arrived', async ({ page }) => {
  await page.getByLabel('Stream').check();
  await pickAssistant(page, 'Slow Storyteller');
  await ask(page, 'Tell me a long story');
  const answer = lastTurn(page).getByTestId('answer-text');
  await expect(answer).not.toBeEmpty();
  // Past the first checkpoint (the first text is saved at once, then every 3 s); the reload cuts the stream.
  await expect.poll(async () => (await storedAnswers(page)).some((text) => text.length > 0)).toBe(true);
  const before = (await answer.innerText()).length;
  await page.reload();
  await expect(lastStatus(page)).toHaveText('Interrupted — the stream ended before the answer was complete');
  const kept = (await lastTurn(page).getByTestId('answer-text').innerText()).length;
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThanOrEqual(before + 200);
  await expect(lastTurn(page).getByRole('button', { name: 'Retry' })).toBeVisible();
});
