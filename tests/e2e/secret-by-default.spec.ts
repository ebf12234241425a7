import { expect, test } from './csp';
import { addHeader, openHeaders, signIn } from './support';

const mask = '••••••';

test('a header named like a credential is secret on first entry; made plain, it stays plain after a reload', async ({
  page,
}) => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const apiKey = `key-${unique}`;
  const session = `sess-${unique}`;
  await signIn(page, 'analyst');
  await openHeaders(page);

  await addHeader(page, 'X-Api-Key', apiKey);
  const keyRow = page.getByTestId('header-row').nth(0);
  await expect(keyRow).toContainText('Secret because its name looks like a credential');
  await expect(keyRow.getByRole('checkbox', { name: /^Secret/ })).toBeChecked();
  await expect(page.getByLabel('Header 1 value')).toHaveAttribute('type', 'password');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(mask);
  await expect(preview).not.toContainText(apiKey);

  await addHeader(page, 'X-Session-Id', session);
  const sessionRow = page.getByTestId('header-row').nth(1);
  await expect(sessionRow).toContainText('Secret because its name looks like a credential');
  await sessionRow.getByRole('button', { name: 'Make header 2 plain' }).click();
  await expect(sessionRow.getByRole('checkbox', { name: /^Secret/ })).not.toBeChecked();
  await expect(sessionRow).not.toContainText('Secret because');
  await expect(preview).toContainText(session);

  // A plain header whose value looks like a token is warned about.
  await addHeader(page, 'X-Upstream', 'ghp_0123456789abcdefghijABCDEFGHIJ');
  await expect(page.getByTestId('header-row').nth(2)).toContainText('looks like a GitHub token');

  // The choices are remembered.
  await page.reload();
  await openHeaders(page);
  await expect(page.getByLabel('Header 2 value')).toHaveValue(session);
  await expect(page.getByLabel('Header 1 value')).toHaveAttribute('type', 'password');
  await expect(
    page
      .getByTestId('header-row')
      .nth(0)
      .getByRole('checkbox', { name: /^Secret/ }),
  ).toBeChecked();
  await expect(page.getByLabel('Header 2 value')).toHaveAttribute('type', 'text');
  await expect(
    page
      .getByTestId('header-row')
      .nth(1)
      .getByRole('checkbox', { name: /^Secret/ }),
  ).not.toBeChecked();
  await expect(page.getByTestId('header-row').nth(1)).not.toContainText('Secret because');
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText(session);
  await expect(page.getByRole('region', { name: 'Preview' })).not.toContainText(apiKey);
});
