import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  answerLengthsUntilDone,
  ask,
  growthSteps,
  lastStatus,
  lastTurn,
  pickAssistant,
  signIn,
  treeOutline,
  treeSamplesUntilDone,
} from './support';

const question = 'How do solar panels work?';
const treeOf = (page: Page) => lastTurn(page).getByRole('tree', { name: 'Thought tree' });
const header = (page: Page, name: string) => treeOf(page).getByRole('treeitem', { name: new RegExp(`^${name}\\b`) });

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
});

test('the research agent’s tree grows live, nested, and running nodes complete', async ({ page }) => {
  await pickAssistant(page, 'Research Agent');
  await ask(page, question);
  const root = header(page, 'Research Agent');
  const samples = await treeSamplesUntilDone(page);

  // What the reader saw, frame by frame: the tree grew while the Research Agent was still running (counted by the
  // summary: finished nodes fold away, so the visible rows may not grow), with sub-agents nested inside its item.
  const whileRunning = samples.filter((sample) => sample.nodes.includes('1 Research Agent running'));
  expect(whileRunning.length).toBeGreaterThan(1);
  expect(whileRunning.every((sample) => sample.firstOpen && sample.summary.startsWith('Thinking · '))).toBe(true);
  const stepsSeen = whileRunning.map((sample) => sample.steps);
  expect(Math.max(...stepsSeen)).toBeGreaterThan(Math.min(...stepsSeen));
  expect(whileRunning.some((sample) => sample.nodes.includes('2 Web Researcher running'))).toBe(true);

  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect(root).toContainText('completed');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText(/solar/i);

  await lastTurn(page).getByRole('button', { name: 'Expand all' }).click();
  const outline = await treeOutline(page);
  expect(outline).toEqual(
    expect.arrayContaining([
      '1 Research Agent completed',
      '2 Web Researcher completed',
      '3 web_search completed',
      '3 fetch_page error',
      '2 Analyst completed',
      '3 python completed',
      '3 Findings completed',
      '1 Fact Checker completed',
      '2 cite_sources completed',
    ]),
  );
  await expect(lastTurn(page).getByRole('img', { name: /Image 1 from python/ })).toBeVisible();
  await expect(
    lastTurn(page)
      .getByRole('button', { name: /^Show more/ })
      .first(),
  ).toBeVisible();
});

test('the tree is used with the keyboard', async ({ page }) => {
  await pickAssistant(page, 'Research Agent');
  await page.getByLabel('Stream').uncheck();
  await ask(page, question);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await lastTurn(page)
    .getByRole('button', { name: /^Thoughts · / })
    .click();
  const root = header(page, 'Research Agent');
  await expect(root).toHaveAttribute('aria-expanded', 'false');
  await root.focus();
  await page.keyboard.press('ArrowRight');
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  const web = header(page, 'Web Researcher');
  await expect(web).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(web).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(header(page, 'web_search')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(web).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(web).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('End');
  await expect(header(page, 'Fact Checker')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(root).toBeFocused();
});

test('both wires give the same visible result', async ({ page }) => {
  const runOn = async (assistant: string) => {
    await pickAssistant(page, assistant);
    await ask(page, question);
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
    await lastTurn(page).getByRole('button', { name: 'Expand all' }).click();
    return {
      answer: await lastTurn(page).getByTestId('answer-text').innerText(),
      outline: await treeOutline(page),
      wire: await lastTurn(page).locator('.status').innerText(),
    };
  };
  const sse = await runOn('Research Agent');
  await page.getByRole('button', { name: 'New chat' }).click();
  const ndjson = await runOn('Research Agent (NDJSON)');
  expect(sse.wire).toContain('streamed (SSE)');
  expect(ndjson.wire).toContain('streamed (NDJSON)');
  expect(ndjson.answer).toBe(sse.answer);
  expect(ndjson.outline).toEqual(sse.outline);
  expect(sse.outline.length).toBeGreaterThanOrEqual(9);
});

test('a deployed-style agent streams its answer as "Codemie Thoughts"', async ({ page }) => {
  await pickAssistant(page, 'Codemie Agent');
  await ask(page, 'What is in the knowledge base about refunds?');
  const lengths = await answerLengthsUntilDone(page);
  expect(growthSteps(lengths), `answer length samples: ${lengths.join(', ')}`).toBeGreaterThanOrEqual(2);
  await expect(lastStatus(page)).toHaveText('Completed');
  await lastTurn(page).getByRole('button', { name: 'Expand all' }).click();
  await expect(header(page, 'search_knowledge_base')).toBeVisible();
  await expect(treeOf(page).getByRole('treeitem', { name: /^Codemie Thoughts/ })).toHaveCount(0);
});

test('a dropped stream keeps the partial answer, marked interrupted', async ({ page }) => {
  await pickAssistant(page, 'Flaky Connection');
  await ask(page, 'Tell me about caching');
  await expect(lastStatus(page)).toHaveText('Interrupted — the stream ended before the answer was complete', {
    timeout: 20_000,
  });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Here is the beginning of an answer');
  await expect(header(page, 'fetch_context')).toContainText('interrupted');
  await expect(lastTurn(page).getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a malformed chunk is skipped with a warning, and the rest of the answer arrives', async ({ page }) => {
  await pickAssistant(page, 'Garbled Stream');
  await ask(page, 'Tell me about parsers');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(lastTurn(page).getByRole('note')).toHaveText('1 stream chunk could not be read and was skipped.');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('still sees the end of the answer.');
});

test('an agent error is shown on a completed turn', async ({ page }) => {
  await pickAssistant(page, 'Agent With Errors');
  await ask(page, 'Do something forbidden');
  await expect(lastStatus(page)).toHaveText('Completed with errors', { timeout: 20_000 });
  await expect(lastTurn(page)).toContainText('Execution error: guardrails');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('blocked by a guardrail');
});

/** Milliseconds from a click to the second frame after it: the click's work and the paint it causes. */
const clickToPaint = (page: Page, name: string) =>
  lastTurn(page)
    .getByRole('button', { name })
    .evaluate(async (button: HTMLElement) => {
      const started = performance.now();
      button.click();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return performance.now() - started;
    });

test('10,000 thoughts expand all at once, mount only what is in sight, and the tree still moves with the keyboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'Show 10000 thoughts');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 90_000 });
  await expect(lastTurn(page).getByRole('button', { name: /^Thoughts · 10000 steps/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  const expandMs = await clickToPaint(page, 'Expand all');
  test
    .info()
    .annotations.push({ type: 'expand all, 10,000 thoughts', description: `${Math.round(expandMs)} ms to paint` });
  expect(expandMs).toBeLessThan(1500);
  const first = header(page, 'Researcher 1');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(header(page, 'lookup 1\\.1')).toHaveAttribute('aria-level', '2');
  expect(await treeOf(page).getByRole('treeitem').count()).toBeLessThan(100);
  // The virtualized tree is still a well-formed tree to assistive technology.
  const { violations } = await new AxeBuilder({ page }).include('[role="tree"]').analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);

  await first.locator('.thought-header').click();
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(header(page, 'lookup 1\\.1')).toBeFocused();
  await page.keyboard.press('End');
  const last = header(page, 'lookup 100\\.99');
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-posinset', '99');
  await page.keyboard.press('ArrowLeft');
  await expect(last).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowLeft');
  await expect(header(page, 'Researcher 100')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  expect(await treeOf(page).getByRole('treeitem').count()).toBeLessThan(100);
});

test('a 5 MB tool output is shown cut, and all of it only on request, without freezing the page', async ({ page }) => {
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'Read the huge output');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await header(page, 'Bulk Reader').locator('.thought-header').click();
  const tool = header(page, 'read_export');
  await tool.locator('.thought-header').click();
  await expect(tool).toHaveAttribute('aria-expanded', 'true');
  const output = tool.locator('.thought-output').filter({ hasText: 'row 1: ' });
  await expect(output).toBeVisible();
  expect((await output.textContent())?.length).toBeLessThanOrEqual(3000);
  await tool.getByRole('button', { name: /^Show more/ }).click();
  await expect(tool.getByRole('button', { name: /^Show all \([\d,]+ more characters\)$/ })).toBeVisible();
  expect((await output.textContent())?.length).toBe(100_000);

  const showAllMs = await tool.getByRole('button', { name: /^Show all/ }).evaluate(async (button: HTMLElement) => {
    const started = performance.now();
    button.click();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - started;
  });
  test.info().annotations.push({ type: 'show all, 5 MB', description: `${Math.round(showAllMs)} ms to paint` });
  expect(showAllMs).toBeLessThan(2000);
  expect((await output.textContent())?.length).toBe(5_000_000);
  await expect(tool.getByRole('button', { name: 'Show less' })).toBeVisible();
});
