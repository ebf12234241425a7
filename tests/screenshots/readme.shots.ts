import { test, expect } from '@playwright/test';
import {
  addHeader,
  ask,
  callRows,
  lastStatus,
  lastTurn,
  openProof,
  openWorkflows,
  pickAssistant,
  pickWorkflow,
  runHeader,
  signIn,
  statusIn,
  workflows,
} from '../e2e/support';

const shot = (name: string) => ({ path: `docs/${name}.png`, animations: 'disabled' as const });
const runEnd = { timeout: 30_000 };

test('the chat: a streamed answer with its thought tree', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'How do solar panels work?');
  await expect(lastStatus(page)).toHaveText('Completed', runEnd);
  await page.screenshot(shot('screenshot'));
});

test('a turn’s thoughts as a timeline', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Research Agent');
  await ask(page, 'How do solar panels work?');
  await expect(lastStatus(page)).toHaveText('Completed', runEnd);
  await lastTurn(page).getByRole('button', { name: 'Timeline', exact: true }).click();
  await lastTurn(page).getByRole('list', { name: 'Timeline of thoughts' }).scrollIntoViewIfNeeded();
  await lastTurn(page).getByRole('region', { name: 'Thoughts' }).screenshot(shot('timeline'));
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
  await form
    .getByRole('textbox', { name: 'Input', exact: true })
    .fill('The quarterly report shows a loss. Revenue fell by four percent. Costs rose sharply.');
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', runEnd);
  await page.getByRole('link', { name: 'Compare with parent' }).click();
  await expect(page.locator('.compare-state.compare-differs ins').first()).toBeVisible();
  await page.screenshot(shot('compare-runs'));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inspector', exact: true }).click();
  await callRows(page).first().getByRole('link').click();
  await page.screenshot(shot('inspector'));
});

test('the Headers panel of a turn', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Headers' }).click();
  await page.getByLabel('Profile name').fill('Tenant A');
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Correlation-ID', '7f3c2a9e-5b1d-4c8e-9a2f-1e6d4b8c0a37');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
  // MCP 2026-07-28: the region argument mirrored as Mcp-Param-Region (a base64 sentinel for São Paulo), opened.
  await pickAssistant(page, 'Region Reporter');
  await ask(page, 'Report on region São Paulo');
  await expect(lastStatus(page)).toHaveText('Completed', runEnd);
  await openProof(page);
  await lastTurn(page).locator('.proof-table').scrollIntoViewIfNeeded();
  await page.screenshot(shot('header-demo'));
});

test('a question with an attached picture, the agent asking back, and the answer given', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Asking Assistant');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  // A small PNG drawn here (a blue square), so the question shows a real thumbnail.
  const png = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(96, 64);
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#2f6fde';
      context.fillRect(0, 0, 96, 64);
    }
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  await (await chooser).setFiles({ name: 'release-plan.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await ask(page, 'Deploy the release in this plan');
  const form = page.getByRole('form', { name: 'Asking Assistant asks' });
  await expect(form.getByRole('button', { name: 'Approve' })).toBeEnabled(runEnd);
  await form.getByRole('textbox', { name: 'Reason' }).fill('Tests pass');
  await form.getByRole('button', { name: 'Approve' }).click();
  await expect(lastStatus(page)).toHaveText('Completed', runEnd);
  await expect(lastTurn(page)).toContainText('Approved');
  // Tall enough for the question with its thumbnail, the form answered and the answer after it.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.getByRole('img', { name: 'release-plan.png' }).scrollIntoViewIfNeeded();
  await page.screenshot(shot('chat-attachment-question'));
});

test('a tool call paused for approval, on a current server', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Records Keeper');
  await ask(page, 'Delete the inactive customers');
  const card = lastTurn(page).getByRole('region', { name: /Waiting for you/ });
  await expect(card.getByRole('button', { name: 'Allow', exact: true })).toBeEnabled(runEnd);
  await page.screenshot(shot('tool-approval'));
});

test('an agent asking with an A2UI form, on a current server', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Asking Assistant');
  await ask(page, 'Show me the release form');
  const form = page.getByRole('form', { name: 'Asking Assistant asks' });
  await expect(form.getByRole('button', { name: 'Plan it' })).toBeEnabled(runEnd);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await form.scrollIntoViewIfNeeded();
  await page.screenshot(shot('a2ui-form'));
});

test('a batch compared against a baseline', async ({ page }) => {
  await signIn(page, 'analyst');
  const batches = [
    ['Revenue fell by four percent.', 'Costs rose sharply in the third quarter.', 'The board meets in May.'],
    [
      'Revenue fell by four percent.',
      'Costs rose sharply in the third quarter. Staff costs led.',
      'The board meets in May.',
    ],
  ];
  for (const lines of batches) {
    await openWorkflows(page);
    await page.getByRole('combobox', { name: 'Workflow', exact: true }).fill(workflows.summarize.name);
    await page.getByRole('option', { name: workflows.summarize.name, exact: true }).click();
    await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'Batch' }).click();
    const batch = page.getByRole('form', { name: `Batch of ${workflows.summarize.name}` });
    await batch.getByLabel('One input per line').fill(lines.join('\n'));
    await batch.getByRole('button', { name: 'Start 3 runs' }).click();
    await expect(page.locator('.batch-counts')).toContainText('3 succeeded', runEnd);
  }
  await page.getByRole('button', { name: 'Compare against a baseline…' }).click();
  await page
    .getByRole('group', { name: 'Compare against a baseline' })
    .getByRole('button', { name: 'Compare' })
    .click();
  await page
    .getByRole('row', { name: 'Row 2', exact: true })
    .getByRole('button', { name: /^Show diff/ })
    .click();
  await expect(page.getByRole('group', { name: 'Row 2 output differences' }).locator('ins').first()).toBeVisible();
  await page.screenshot(shot('batch-comparison'));
});
