// The Inspector's HAR export: HAR 1.2 with the calls shown or selected, sanitized by default (no bearer token, no
// secret header value in any form), and *Export with sensitive data* only as its own action, confirmed.
import { expect, test } from './csp';
import { downloaded, formsOf } from './secret-places';
import { addHeader, ask, lastStatus, openChat, openHeaders, pickAssistant, signIn } from './support';

interface HarHeader {
  name: string;
  value: string;
}
interface HarFile {
  log: {
    version: string;
    entries: {
      startedDateTime: string;
      time: number;
      request: { method: string; url: string; headers: HarHeader[]; postData?: { text: string } };
      response: { status: number; headers: HarHeader[]; content: { mimeType: string; text?: string } };
      timings: { wait: number; receive: number };
      _requestId?: string;
    }[];
  };
}

const headerOf = (headers: HarHeader[], name: string) =>
  headers.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;

test('the Inspector exports the calls as a sanitized HAR 1.2, and with sensitive data only when asked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = `tt_live/${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}+x`;
  await signIn(page, 'analyst');
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Tool-Token', token);
  await openChat(page);
  await pickAssistant(page, 'Leaky Echo');
  await ask(page, 'Leak my headers for the HAR');
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inspector', exact: true }).click();
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('assistant');
  const exportHar = page.getByRole('button', { name: /^Export HAR \(\d+ calls? shown\)$/ });
  const text = await downloaded(page, () => exportHar.click());
  const har = JSON.parse(text) as HarFile;
  expect(har.log.version).toBe('1.2');
  const call = har.log.entries.find((entry) => entry.request.postData?.text.includes('Leak my headers for the HAR'));
  if (!call) throw new Error('the Leaky Echo call is not in the HAR');
  expect(call.request.method).toBe('POST');
  expect(headerOf(call.request.headers, 'X-Tenant-ID')).toBe('acme');
  expect(headerOf(call.request.headers, 'X-Tool-Token')).toBe('[redacted]');
  expect(headerOf(call.request.headers, 'Authorization')).toBe('[redacted]');
  expect(headerOf(call.request.headers, 'traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  expect(call._requestId).toBe(headerOf(call.request.headers, 'X-Request-ID'));
  expect(call.response.status).toBe(200);
  expect(call.response.content.text).toContain('leaky_echo');
  expect(call.timings.wait).toBeGreaterThanOrEqual(0);
  // Only assistant calls: the filter shown is the filter exported.
  expect(har.log.entries.every((entry) => /\/assistants\/[^/]+\/model/.test(entry.request.url))).toBe(true);
  expect(text).not.toMatch(/Bearer/i);
  for (const [form, written] of Object.entries(formsOf(token)))
    expect(text.includes(written), `the token written ${form} is in the HAR`).toBe(false);

  // The selected calls only.
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('all');
  await page
    .getByRole('checkbox', { name: /^Select POST .*\/model.* for export$/ })
    .first()
    .check();
  const selected = JSON.parse(
    await downloaded(page, () => page.getByRole('button', { name: 'Export HAR (1 call selected)' }).click()),
  ) as HarFile;
  expect(selected.log.entries).toHaveLength(1);

  // With sensitive data: a separate action that says what the file holds before it is written.
  await page.getByRole('button', { name: 'Export with sensitive data…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Export with sensitive data' });
  await expect(dialog).toContainText('X-Tool-Token');
  await expect(dialog).toContainText('keep it like a password');
  const sensitive = JSON.parse(
    await downloaded(page, () => dialog.getByRole('button', { name: 'Export with sensitive data' }).click()),
  ) as HarFile;
  expect(headerOf(sensitive.log.entries[0]?.request.headers ?? [], 'X-Tool-Token')).toBe(token);
  await expect(dialog).toBeHidden();
});
