// MCP 2026-07-28 in the header proof (CURRENT-SERVERS.md §7): the platform's MCP client sends no session, the
// standard headers on every request, and mirrors Region Reporter's `region` argument (annotated x-mcp-header: Region)
// as Mcp-Param-Region, a non-ASCII name as a base64 sentinel; a header a proxy rewrote is refused (HeaderMismatch).
import { expect, test } from './csp';
import {
  addHeader,
  askAndWait,
  lastTurn,
  openChat,
  openHeaders,
  openProof,
  pickAssistant,
  proofPanel,
  proofRow,
  signIn,
} from './support';

const reporter = 'Region Reporter';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
  // A header of the person's own, so the call carries a proof at all.
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await openChat(page);
  await pickAssistant(page, reporter);
});

const setBy = (page: Parameters<typeof proofRow>[0], name: string) =>
  proofRow(page, name).locator('td[data-label="Set by"]');

test('Mcp-Param-Region is set by the MCP client from argument region, with Mcp-Method and Mcp-Name, and no session', async ({
  page,
}) => {
  await askAndWait(page, 'Report on region us-west1');
  await openProof(page);
  await expect(proofRow(page, 'Mcp-Param-Region')).toContainText('us-west1');
  await expect(setBy(page, 'Mcp-Param-Region').locator('.proof-setter-badge')).toHaveText('MCP client');
  await expect(setBy(page, 'Mcp-Param-Region')).toContainText('from argument “region”');
  await expect(proofRow(page, 'Mcp-Method')).toContainText('tools/call');
  await expect(proofRow(page, 'Mcp-Name')).toContainText('region_report');
  await expect(proofRow(page, 'MCP-Protocol-Version')).toContainText('2026-07-28');
  await expect(proofRow(page, 'Mcp-Session-Id')).toHaveCount(0);
  await expect(proofRow(page, 'X-Tenant-ID')).toContainText('forwarded');
});

test('a non-ASCII region goes as a base64 sentinel, shown decoded beside its wire form', async ({ page }) => {
  await askAndWait(page, 'Report on region São Paulo');
  await openProof(page);
  const row = proofRow(page, 'Mcp-Param-Region');
  await expect(row.locator('td[data-label="Received"] [data-full]')).toHaveAttribute(
    'data-full',
    '=?base64?U8OjbyBQYXVsbw==?=',
  );
  await expect(row.locator('.proof-decoded')).toHaveText('decoded: São Paulo');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('All services in São Paulo are running.');
});

test('a header a proxy rewrote is refused by the tool server, and the proof says that is why the call failed', async ({
  page,
}) => {
  await askAndWait(page, 'Report on us-west1 through a rewriting proxy');
  await expect(proofPanel(page)).toBeVisible();
  await openProof(page);
  await expect(proofPanel(page).getByRole('note').filter({ hasText: 'region_report' })).toContainText(
    'region_report failed because the tool server refused its headers: HeaderMismatch: Mcp-Param-Region is "us-west1-rewritten", the argument region is "us-west1"',
  );
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('The region report for us-west1 failed');
});
