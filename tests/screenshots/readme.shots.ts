import { test, expect } from '@playwright/test';
import { addHeader, ask, lastStatus, lastTurn, openWorkflows, pickAssistant, pickWorkflow, runHeader, signIn, statusIn, workflows } from '../e2e/support';

const shot = (name: string) => ({ path: `docs/${name}.png`, animations: 'disabled' as const });
const runEnd = { timeout: 30_000 };

test('the chat: a streamed answer with its thought tree', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'How do solar panels work?');
  await expect(lastStatus(page)).toHaveText('Completed', runEnd);
  await page.screenshot(shot('screenshot'));
});

test('a run page, a compare page and the Inspector', async ({ page }) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  let form = await pickWorkflow(page, workflows.summarize.name);
  const input = form.getByRole('textbox', { name: 'Input', exact: true });
  await input.fill('The quarterly report shows growth. Revenue rose by ten percent. Costs fell slightly.');
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
  await page.screenshot(shot('workflow-run'));

  await page.getByRole('button', { name: 'Run again with changes' }).click();
  form = page.getByRole('form', { name: `Run ${workflows.summarize.name}` });
  await form.getByRole('textbox', { name: 'Input', exact: true }).fill('The quarterly report shows a loss. Revenue fell by four percent. Costs rose sharply.');
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
  await page.getByRole('link', { name: 'Compare with parent' }).click();
  await expect(page.locator('.compare-state.compare-differs ins').first()).toBeVisible();
  await page.screenshot(shot('compare-runs'));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inspector' }).click();
  await page.locator('.request-table tbody a').first().click();
  await page.screenshot(shot('inspector'));
});

test('the Headers panel of a turn', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Headers' }).click();
  await page.getByLabel('Profile name').fill('Tenant A');
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Correlation-ID', '7f3c2a9e-5b1d-4c8e-9a2f-1e6d4b8c0a37');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
  await pickAssistant(page, 'Header Inspector');
  await ask(page, 'Which headers reached the tool server?');
  await expect(lastStatus(page)).toHaveText('Completed', runEnd);
  await lastTurn(page).locator('.proof-table').scrollIntoViewIfNeeded();
  await page.screenshot(shot('header-demo'));
});
