// Export from the server (current servers, CURRENT-SERVERS.md §4): PDF and DOCX made by the server, saved under the
// name the server gives (Content-Disposition), with tool outputs on request; the files are real (magic bytes).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { askAndWait, signIn, unique } from './support';

const rail = (page: Page) => page.getByRole('region', { name: 'Conversations' });
const rowOf = (page: Page, title: string) =>
  rail(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title }) });

async function exportAs(page: Page, title: string, format: 'PDF' | 'DOCX', withTools: boolean) {
  await rowOf(page, title)
    .getByRole('button', { name: `More actions for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Export PDF / DOCX / JSON (server)…' }).click();
  const form = rowOf(page, title).getByRole('form', { name: `Export ${title} from the server` });
  await form.getByLabel('Format').selectOption({ label: format });
  await form.getByLabel('Include tool outputs').setChecked(withTools);
  const downloading = page.waitForEvent('download');
  const exports: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/export?')) exports.push(request.url());
  });
  await form.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  await expect(form.getByRole('status')).toHaveText(`Downloaded ${file.suggestedFilename()}.`);
  await form.getByRole('button', { name: 'Close' }).click();
  return { name: file.suggestedFilename(), data: await readFile(await file.path()), url: exports.at(-1) ?? '' };
}

test('PDF and DOCX from the server: real files, named by the server after the chat', async ({ page }) => {
  await signIn(page, 'analyst');
  const question = unique('Export this chat');
  await askAndWait(page, question);
  // Renamed here, so the server's name is known: the files are named after it.
  const title = unique('Exported report');
  await rowOf(page, question)
    .getByRole('button', { name: `More actions for ${question}` })
    .click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await rail(page).getByLabel('Conversation title').fill(title);
  const renamed = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/v1/conversations/'),
  );
  await rail(page).getByRole('button', { name: 'Save' }).click();
  expect((await renamed).ok()).toBe(true);
  await expect(rowOf(page, title)).toBeVisible();

  const pdf = await exportAs(page, title, 'PDF', false);
  expect(pdf.name).toBe(`${title}.pdf`);
  expect(pdf.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.url).toContain('export_format=pdf');
  expect(pdf.url).not.toContain('include_tool_outputs');

  const docx = await exportAs(page, title, 'DOCX', true);
  expect(docx.name).toBe(`${title}.docx`);
  expect(docx.data.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(docx.url).toContain('export_format=docx');
  expect(docx.url).toContain('include_tool_outputs=true');
});
