import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  approvalGate,
  ask,
  inputField,
  lastTurn,
  pickAssistant,
  openWorkflows,
  pickWorkflow,
  runEnd,
  runFact,
  runHeader,
  runResult,
  runState,
  runStates,
  signIn,
  statusIn,
  typeTags,
  workflows,
} from './support';
import { tokenColour } from './painted';

// The run page tells a run as one timeline of states: what the stream says shows at once, the server's record
// joins the same entries, the result shows once at the end, and a paused run says it waits for a person.

async function startStreamed(page: Page, form: Locator): Promise<void> {
  await form.getByRole('checkbox', { name: /^Stream live/ }).check();
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/workflows\/runs\/[0-9a-f-]{36}$/);
}

interface TimelineSample {
  /** The run's badge said In progress while Read input's said Succeeded. */
  finishedWhileRunning: boolean;
  /** The most entries any one state name had in a frame. */
  mostEntriesOfOneState: number;
  /** The page showed "Current state" at some point. */
  currentStateShown: boolean;
}

/** Samples the run page every frame, in the page itself, until the run's badge reads Succeeded. */
async function sampleUntilSucceeded(page: Page): Promise<TimelineSample> {
  return page.evaluate(
    () =>
      new Promise<TimelineSample>((resolve) => {
        const result: TimelineSample = {
          finishedWhileRunning: false,
          mostEntriesOfOneState: 0,
          currentStateShown: false,
        };
        const started = performance.now();
        const sample = () => {
          const overall = document.querySelector('header .run-status')?.textContent ?? '';
          const entries = Array.from(document.querySelectorAll('li[aria-label^="State "]'));
          const names = entries.map((entry) => entry.getAttribute('aria-label') ?? '');
          const first = entries.find((entry) => entry.getAttribute('aria-label') === 'State Read input');
          if (overall === 'In progress' && first?.querySelector('.run-status')?.textContent === 'Succeeded')
            result.finishedWhileRunning = true;
          for (const name of names)
            result.mostEntriesOfOneState = Math.max(
              result.mostEntriesOfOneState,
              names.filter((other) => other === name).length,
            );
          if (document.body.textContent?.includes('Current state')) result.currentStateShown = true;
          if (overall === 'Succeeded' || performance.now() - started > 30_000) resolve(result);
          else requestAnimationFrame(sample);
        };
        sample();
      }),
  );
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
});

test('a streamed run shows each state as the stream finishes it, one entry per state, and its result once at the end', async ({
  page,
}) => {
  const form = await pickWorkflow(page, workflows.summarize.name);
  await inputField(form).fill('The quarterly report shows growth. Revenue rose by ten percent. Costs fell slightly.');
  await startStreamed(page, form);
  const seen = await sampleUntilSucceeded(page);
  expect(seen.finishedWhileRunning, 'Read input showed Succeeded while the run was still in progress').toBe(true);
  expect(seen.mostEntriesOfOneState, 'a state never shows twice').toBe(1);
  expect(seen.currentStateShown).toBe(false);

  await expect(statusIn(runHeader(page))).toHaveText('Succeeded');
  await expect(runStates(page)).toHaveCount(3);
  await expect(runResult(page).getByRole('heading', { name: 'Summary', level: 2 })).toBeVisible();
  // One final output: the summary is on the page once, and nothing streamed is left over.
  await expect(page.getByRole('heading', { name: 'Summary', level: 2 })).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Streamed text' })).toHaveCount(0);
  await expect(page.getByText('Current state')).toHaveCount(0);
  // Earlier states keep their output folded under a one-line preview.
  const read = runState(page, 'Read input');
  await expect(read.locator('summary')).toContainText('Read 84 characters.');
  await read.locator('summary').click();
  await expect(read.getByTestId('state-output')).toBeVisible();
});

test('the chat’s Timeline choice stays in the chat: the run page opens its states as a list, keeps its own choice, and its thoughts (no times) offer no empty timeline', async ({
  page,
}) => {
  // Chosen in the chat, where the thoughts have times.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat', exact: true }).click();
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'How do solar panels work?');
  await lastTurn(page).getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Timeline' }).click();
  await expect(lastTurn(page).getByRole('list', { name: 'Timeline of thoughts' })).toBeVisible();

  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.summarize.name);
  await inputField(form).fill('The quarterly report shows growth. Revenue rose by ten percent.');
  await startStreamed(page, form);
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
  const states = page.getByRole('region', { name: 'States' });
  await expect(states.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(runStates(page)).toHaveCount(3);
  // The streamed thoughts carry no times: a tree, and nothing to switch to; one timeline on the page at most.
  const thoughts = page.getByRole('region', { name: 'Thoughts' });
  await expect(thoughts.getByRole('tree', { name: 'Thought tree' })).toBeVisible();
  await expect(thoughts.getByRole('group', { name: 'Show as' })).toHaveCount(0);
  await expect(page.getByText('no time', { exact: false })).toHaveCount(0);

  // The run page's own choice: kept for the next run page, and the chat keeps its own.
  await states.getByRole('button', { name: 'Timeline' }).click();
  await expect(states.getByRole('list', { name: 'Timeline of states' }).getByRole('button')).toHaveCount(3);
  await expect(page.getByRole('list', { name: /^Timeline of/ })).toHaveCount(1);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'States' }).getByRole('list', { name: 'Timeline of states' }),
  ).toBeVisible();
  const kept = await page.evaluate(() => [
    localStorage.getItem('assistant-console.thoughts-layout'),
    localStorage.getItem('assistant-console.run-states-layout'),
  ]);
  expect(kept).toEqual(['timeline', 'timeline']);
});

test('the approval gate pauses as "Waiting for you" in the accent colour (never "Interrupted"), live and after a reload, and is clean for axe in both themes', async ({
  page,
}) => {
  const form = await pickWorkflow(page, approvalGate.name);
  await inputField(form).fill('The office opens on Monday');
  await startStreamed(page, form);
  await expect(statusIn(runHeader(page))).toHaveText('Waiting for you', runEnd);
  const accent = await tokenColour(page, '--accent');
  await expect(statusIn(runHeader(page))).toHaveCSS('color', accent);
  const waiting = (scope: Locator) => statusIn(scope).filter({ hasText: 'Waiting for you' });
  // Live, the stream names the state it waits before.
  await expect(waiting(runStates(page).last())).toBeVisible();
  await expect(waiting(runStates(page))).toHaveCount(1);
  await expect(waiting(runStates(page).last())).toHaveCSS('color', accent);
  await expect(page.getByText('Interrupted', { exact: true })).toHaveCount(0);
  await expect(runStates(page).last()).toContainText('The run is paused here for a person.');
  await expect(page.getByRole('region', { name: 'Result' })).toHaveCount(0);
  // The state before the pause keeps its output.
  await expect(runState(page, 'Draft')).toContainText('Draft announcement: The office opens on Monday.');

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect
      .soft(
        serious.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
        `axe, ${colorScheme}`,
      )
      .toEqual([]);
  }

  // Paused is not ended: the run says since when it waits, not how long it "took".
  await expect(runFact(page, 'Started')).toContainText(
    / · waiting for you since .+ \(ran \d+\.\d s before the pause\)$/,
  );
  await expect(runFact(page, 'Started')).not.toContainText('took');

  // From the server alone: its last state, Interrupted, is where the run waits.
  await page.reload();
  await expect(statusIn(runHeader(page))).toHaveText('Waiting for you');
  await expect(runState(page, 'Draft')).toBeVisible();
  await expect(waiting(runStates(page).last())).toBeVisible();
  await expect(waiting(runStates(page))).toHaveCount(1);
  await expect(page.getByText('Interrupted', { exact: true })).toHaveCount(0);
});

test.describe('at 375 px wide', () => {
  /** Chips that wrapped inside themselves: taller than one line of their text. */
  const splitChips = (page: Page) =>
    page.locator('.chip').evaluateAll((chips) =>
      chips
        .map((chip) => {
          const style = getComputedStyle(chip);
          const line = style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.3 : parseFloat(style.lineHeight);
          const inner =
            chip.getBoundingClientRect().height -
            ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce(
              (sum, key) =>
                sum + parseFloat(style.getPropertyValue(key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))),
              0,
            );
          return { text: chip.textContent ?? '', lines: inner / line };
        })
        .filter((chip) => chip.lines > 1.5),
    );

  test('no tag or session chip is split over two lines, in the launcher or on the run page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const form = await pickWorkflow(page, workflows.tagEcho.name);
    const longTag = `a-rather-long-tag-for-a-narrow-screen-${Date.now()}`;
    const tags = [longTag, 'short', 'customer-42-quarterly-review'];
    await typeTags(page, tags);
    await form.getByLabel('Session ID').fill(`session-with-a-long-name-${Date.now()}-for-phones`);
    await expect(page.locator('.tag-chip')).toHaveCount(3);
    expect(await splitChips(page)).toEqual([]);
    await form.getByRole('button', { name: 'Start run' }).click();
    await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
    await expect(page.locator('.run-meta .chip')).toHaveCount(4);
    expect(await splitChips(page)).toEqual([]);
    // Whole values stay readable (the chip only ellipsizes what does not fit) and clickable.
    await expect(page.getByRole('link', { name: longTag, exact: true })).toBeVisible();
  });
});
