import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  ask,
  lastStatus,
  lastTurn,
  openWorkflows,
  pickAssistant,
  pickWorkflow,
  runHeader,
  signIn,
  statusIn,
} from './support';

// A turn's thoughts and a run's states as a timeline: one bar per node or state on a shared time axis, parallel work
// side by side, the slowest marked, read as a list with durations and walked with the keyboard.

const timelineOf = (scope: Locator | Page, name: string) => scope.getByRole('list', { name });
const bars = (list: Locator) => list.getByRole('button');
const bar = (list: Locator, label: string) => list.getByRole('button', { name: new RegExp(`^${label}, `) });
const drawn = async (row: Locator) => {
  const box = await row.getByTestId('timebar').boundingBox();
  if (!box) throw new Error('the bar is not drawn');
  return box;
};

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
});

test('the research agent’s turn as a timeline: live, one bar per node, parallel tools overlapping, the slowest marked', async ({
  page,
}) => {
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'How do solar panels work?');
  const turn = lastTurn(page);
  await turn.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Timeline' }).click();
  const timeline = timelineOf(turn, 'Timeline of thoughts');

  // Live: while the answer streams, the agent's bar is drawn to now and said to be running.
  await expect(bar(timeline, 'Research Agent')).toHaveAccessibleName(/, running\b/);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });

  // One bar per node, as many as the summary counts.
  const steps = Number(
    /(\d+) steps/.exec((await turn.getByRole('button', { name: /^Thoughts · / }).textContent()) ?? '')?.[1],
  );
  expect(steps).toBe(9);
  await expect(bars(timeline)).toHaveCount(steps);
  await expect(timeline.getByRole('listitem')).toHaveCount(steps);
  await expect(bars(timeline).filter({ hasText: 'running' })).toHaveCount(0);

  // Read with durations and start offsets; the sub-agent's tools nested under it.
  await expect(bar(timeline, 'web_search')).toHaveAccessibleName(
    /^web_search, tool call, \d+\.\d s, started at \+\d+\.\d s/,
  );
  await expect(bar(timeline, 'fetch_page')).toHaveAccessibleName(/, failed, in parallel/);
  const search = await drawn(bar(timeline, 'web_search'));
  const fetch = await drawn(bar(timeline, 'fetch_page'));
  const agent = await drawn(bar(timeline, 'Research Agent'));
  // The two tools ran side by side: their bars share part of the axis.
  expect(search.x < fetch.x + fetch.width && fetch.x < search.x + search.width).toBe(true);
  expect(fetch.x).toBeGreaterThan(search.x);
  // The agent's bar spans its sub-agents' work.
  expect(agent.x).toBeLessThanOrEqual(search.x);
  expect(agent.x + agent.width).toBeGreaterThanOrEqual(fetch.x + fetch.width - 1);

  // Exactly one bar is the slowest, said and shown.
  await expect(timeline.getByText('slowest', { exact: true })).toHaveCount(1);
  await expect(bars(timeline).filter({ hasText: 'slowest' })).toHaveAccessibleName(/, slowest$/);

  const { violations } = await new AxeBuilder({ page }).include('.thoughts').analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' '))}`),
  ).toEqual([]);
});

test('the timeline is walked with the keyboard, and Enter opens the node in the tree', async ({ page }) => {
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'What is a heat pump?');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  const turn = lastTurn(page);
  await turn.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Timeline' }).click();
  await expect(turn.getByRole('button', { name: 'Timeline' })).toHaveAttribute('aria-pressed', 'true');
  const timeline = timelineOf(turn, 'Timeline of thoughts');

  // One Tab stop: Tab from the switch lands on the first bar, the arrows move between bars, Home and End to the ends.
  await turn.getByRole('button', { name: 'Timeline' }).focus();
  await page.keyboard.press('Tab');
  await expect(bar(timeline, 'Research Agent')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(bar(timeline, 'Web Researcher')).toBeFocused();
  await page.keyboard.press('End');
  await expect(bar(timeline, 'cite_sources')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(bar(timeline, 'Research Agent')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(bar(timeline, 'Research Agent')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(bar(timeline, 'web_search')).toBeFocused();

  // Enter: the tree, with that node open and the keyboard on it.
  await page.keyboard.press('Enter');
  await expect(turn.getByRole('button', { name: 'Tree' })).toHaveAttribute('aria-pressed', 'true');
  const node = turn.getByRole('tree', { name: 'Thought tree' }).getByRole('treeitem', { name: /^web_search\b/ });
  await expect(node).toBeFocused();
  await expect(node).toHaveAttribute('aria-expanded', 'true');
  await expect(node).toContainText('Found 2 results');

  // The choice is kept on this device: a reload shows the timeline again once it is chosen.
  await turn.getByRole('button', { name: 'Timeline' }).click();
  await page.reload();
  await lastTurn(page)
    .getByRole('button', { name: /^Thoughts · / })
    .click();
  await expect(timelineOf(lastTurn(page), 'Timeline of thoughts')).toBeVisible();
});

test('a run of twelve states shows twelve bars, in order, one after another, none of them “the slowest”', async ({
  page,
}) => {
  await openWorkflows(page);
  const form = await pickWorkflow(page, 'Twelve-step audit');
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/\/workflows\/runs\/[0-9a-f-]{36}$/);
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 30_000 });

  const states = page.getByRole('region', { name: 'States' });
  await states.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Timeline' }).click();
  const timeline = timelineOf(states, 'Timeline of states');
  await expect(bars(timeline)).toHaveCount(12);
  await expect(bars(timeline).first()).toHaveAccessibleName(/^Step 1: Scope, state, \d+\.\d s, started at \+0\.0 s/);
  await expect(bars(timeline).last()).toHaveAccessibleName(/^Step 12: Verdict, state, /);
  // States run one after another: each bar starts at or after the one before it.
  const lefts = await Promise.all((await bars(timeline).all()).map(async (row) => (await drawn(row)).x));
  expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
  // Twelve states of one length (8 units each): none is "the slowest". Should the machine's pace stretch one clearly
  // (a quarter longer than any other), that one, and only it, is.
  const widths = await Promise.all((await bars(timeline).all()).map(async (row) => (await drawn(row)).width));
  const [widest = 0, next = 0] = [...widths].sort((a, b) => b - a);
  if (widest < next * 1.2) await expect(timeline.getByText('slowest', { exact: true })).toHaveCount(0);
  else await expect(bars(timeline).nth(widths.indexOf(widest))).toHaveAccessibleName(/, slowest$/);

  // Enter on a bar goes back to the list, to that state.
  await bar(timeline, 'Step 12: Verdict').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem', { name: 'State Step 12: Verdict', exact: true })).toBeFocused();
});
