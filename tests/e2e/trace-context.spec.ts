// W3C Trace Context end to end: every call the console makes carries a traceparent, one turn's calls share a trace,
// the platform logs the trace with the request id, and the MCP tool server receives the same trace with the
// platform's span as its parent, as a header and in the tool call's _meta.
import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { platformRequestLog } from '../../playwright.config';
import { expect, test } from './csp';
import {
  ask,
  findCalls,
  headerAssistants,
  lastStatus,
  lastTurn,
  openDetails,
  openWorkflows,
  pickAssistant,
  pickWorkflow,
  runHeader,
  signIn,
  statusIn,
} from './support';

const wellFormed = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;
const traceIdIn = (text: string) => /Trace ID:? ([0-9a-f]{32})/.exec(text)?.[1] ?? '';

interface SeenCall {
  method: string;
  path: string;
  traceparent: string | undefined;
}

/** Every API call the page makes (preflights aside), with the traceparent it carried. */
function watchApiCalls(page: Page): SeenCall[] {
  const seen: SeenCall[] = [];
  page.on('request', (request: Request) => {
    // The API is reached on the console's origin (a proxy) or on the platform's: by its path either way.
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/code-assistant-api/')) return;
    if (request.method() === 'OPTIONS') return;
    seen.push({ method: request.method(), path: url.pathname, traceparent: request.headers()['traceparent'] });
  });
  return seen;
}

const partsOf = (traceparent: string | undefined) => {
  const match = wellFormed.exec(traceparent ?? '');
  return { traceId: match?.[1] ?? '', spanId: match?.[2] ?? '' };
};

async function askAndWait(page: Page, text: string): Promise<string> {
  await ask(page, text);
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 30_000 });
  const traceId = traceIdIn(await (await openDetails(page)).innerText());
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  return traceId;
}

/** The trace context the echo_headers tool reported, from its output in the turn's thought tree. */
async function toolReport(page: Page): Promise<{ header: string; meta: string }> {
  const tree = lastTurn(page).getByRole('tree', { name: 'Thought tree' });
  const node = (name: string) => tree.getByRole('treeitem', { name: new RegExp(`^${name}\\b`) });
  if ((await node('echo_headers').count()) === 0) await node('Header Inspector').locator('.thought-header').click();
  const tool = node('echo_headers');
  if ((await tool.getAttribute('aria-expanded')) !== 'true') await tool.locator('.thought-header').click();
  await expect(tool).toContainText('meta_traceparent');
  const output = (await tool.innerText()).replace(/\s+/g, ' ');
  return {
    header: /"traceparent": ?"([^"]+)"/.exec(output)?.[1] ?? '',
    meta: /"meta_traceparent": ?"([^"]+)"/.exec(output)?.[1] ?? '',
  };
}

test('every call carries a traceparent: one trace per turn, a span per call, passed on by the platform to the tool', async ({
  page,
}) => {
  const seen = watchApiCalls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, headerAssistants.inspector.name);
  const first = await askAndWait(page, 'Which headers reached the tool server?');
  const second = await askAndWait(page, 'And now?');
  expect(second).not.toBe(first);

  expect(seen.length).toBeGreaterThan(2);
  for (const call of seen) expect(call.traceparent, `${call.method} ${call.path}`).toMatch(wellFormed);
  const spans = seen.map((call) => partsOf(call.traceparent).spanId);
  expect(new Set(spans).size).toBe(spans.length);
  const answers = seen.filter((call) => call.method === 'POST' && call.path.endsWith('/model'));
  expect(answers.map((call) => partsOf(call.traceparent).traceId)).toEqual([first, second]);

  // The tool server got the second turn's trace, under the platform's span (not the console's).
  const consoleSpan = partsOf(answers[1]?.traceparent).spanId;
  const report = await toolReport(page);
  expect(partsOf(report.header).traceId).toBe(second);
  expect(report.meta).toBe(report.header);
  const platformSpan = partsOf(report.header).spanId;
  expect(platformSpan).not.toBe(consoleSpan);

  // The platform logged the call under the same trace: its own span, the console's as the parent.
  await expect
    .poll(async () => (await readFile(platformRequestLog, 'utf8').catch(() => '')).split('\n'), { timeout: 5000 })
    .toContainEqual(
      expect.stringMatching(new RegExp(`trace_id=${second} span_id=${platformSpan} parent_span_id=${consoleSpan}$`)),
    );

  // The Inspector finds the turn's calls by its trace id, and shows it on the call.
  const rows = await findCalls(page, second);
  await expect(rows.first()).toBeVisible();
  const turnCalls = seen.filter((call) => partsOf(call.traceparent).traceId === second).length;
  await expect(rows).toHaveCount(turnCalls);
  await rows.first().getByRole('link').click();
  await expect(page.getByRole('article', { name: 'Request details' })).toContainText(`Trace ID: ${second}`);
});

test('a permission refusal shows the trace id beside the request id, and the Inspector finds the call by it', async ({
  page,
}) => {
  await signIn(page, 'viewer');
  await pickAssistant(page, 'Finance Auditor');
  await ask(page, 'Show me the payroll totals');
  const alert = lastTurn(page).getByRole('alert');
  await expect(alert).toContainText('Request ID:');
  const traceId = traceIdIn(await alert.innerText());
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  await expect(alert.getByRole('button', { name: 'Copy trace ID' })).toBeVisible();

  // The refused call, and its retry after the token was renewed: one trace, a span each.
  const rows = await findCalls(page, traceId);
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText(/\/model.*401/);
  await rows.first().getByRole('link').click();
  const detail = page.getByRole('article', { name: 'Request details' });
  await expect(detail).toContainText(`Trace ID: ${traceId}`);
  await expect(detail).toContainText('401');
});

test('turned off in Settings, calls carry no traceparent', async ({ page }) => {
  const seen = watchApiCalls(page);
  await signIn(page, 'analyst');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  const toggle = page.getByRole('checkbox', { name: 'Send trace context with every call' });
  await expect(toggle).toBeEnabled();
  await toggle.uncheck();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat', exact: true }).click();
  await pickAssistant(page, 'General Assistant');
  const before = seen.length;
  await ask(page, 'Hello there');
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 30_000 });
  const after = seen.slice(before);
  expect(after.some((call) => call.path.endsWith('/model'))).toBe(true);
  for (const call of after) expect(call.traceparent, `${call.method} ${call.path}`).toBeUndefined();
  const details = await openDetails(page);
  await expect(details.getByRole('link', { name: /^Request/ })).toBeVisible();
  await expect(details).not.toContainText('Trace ID');
});

test('a workflow run’s start and status reads share one trace, shown and copyable on the run page', async ({
  page,
}) => {
  const seen = watchApiCalls(page);
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await pickWorkflow(page, 'Header relay');
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 20_000 });
  const traceCell = page.locator('.run-meta dt', { hasText: 'Trace ID' }).locator('+ dd');
  await expect(traceCell.getByRole('button', { name: 'Copy trace ID' })).toBeVisible();
  const traceId = /[0-9a-f]{32}/.exec(await traceCell.innerText())?.[0] ?? '';
  expect(traceId).not.toBe('');

  const start = seen.filter((call) => call.method === 'POST' && call.path.endsWith('/executions'));
  const reads = seen.filter((call) => call.method === 'GET' && /\/executions\/[^/]+$/.test(call.path));
  expect(start).toHaveLength(1);
  expect(reads.length).toBeGreaterThan(0);
  for (const call of [...start, ...reads]) expect(partsOf(call.traceparent).traceId).toBe(traceId);
});
