import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { lastStatus, lastTurn, pickAssistant, signIn } from './support';

// Files in the chat: attached by the chooser, a drop or a paste; limits said before any upload; uploaded files kept
// with the draft across a reload; sent as file_names and read back by the local platform's File Reader.

const fileReader = 'File Reader';
/** A 2×2 PNG: small enough to paste, a real picture for the thumbnail. */
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4z8DwH4QZYAwAR8oH+WdZbrcAAAAASUVORK5CYII=';

const composer = (page: Page) => page.locator('form.composer');
const attached = (page: Page) => page.getByRole('list', { name: /^Attached files/ });
const uploads: string[] = [];
const unique = (name: string) => `${Date.now().toString(36)}-${name}`;

test.beforeEach(({ page }) => {
  uploads.length = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/v1/files/')) uploads.push(request.url());
  });
});

async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include('form.composer').analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect
    .soft(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      screen,
    )
    .toEqual([]);
}

test('a text file attached through the chooser stays with the draft across a reload, and the File Reader reads it', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, fileReader);
  const name = unique('notes.txt');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('alpha line of the notes\nsecond line\n') });

  const chip = attached(page).getByRole('listitem').filter({ hasText: name });
  await expect(chip).toContainText('36 B');
  await expect(chip.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
  await page.getByLabel('Message').fill('What does it say?');
  expect(uploads).toHaveLength(1);

  await page.reload();
  await expect(attached(page).getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('What does it say?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect(lastTurn(page)).toContainText('alpha line of the notes');
  await expect(lastTurn(page)).toContainText(`${name} — text/plain, 36 bytes`);
  await expect(lastTurn(page).getByRole('list', { name: 'Files sent: 1' })).toContainText(name);
  // Sent: the composer starts the next question without them.
  await expect(attached(page)).toHaveCount(0);
});

test('a dropped and a pasted picture are attached, pass axe in both themes, and show as thumbnails on the question', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, fileReader);
  const dropped = unique('dropped.png');
  const transfer = await page.evaluateHandle(
    ({ base64, name }) => {
      const data = new DataTransfer();
      data.items.add(
        new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], name, { type: 'image/png' }),
      );
      return data;
    },
    { base64: pngBase64, name: dropped },
  );
  await composer(page).dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(composer(page).getByText('Drop files to attach them')).toBeVisible();
  await composer(page).dispatchEvent('drop', { dataTransfer: transfer });
  await expect(composer(page).getByText('Drop files to attach them')).toBeHidden();
  await expect(attached(page).getByRole('button', { name: `Remove ${dropped}` })).toBeVisible();

  // A clipboard picture is named "image.png" by the browser; it is uploaded under a name of its own.
  await page.getByLabel('Message').evaluate((box, base64) => {
    const data = new DataTransfer();
    data.items.add(
      new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], 'image.png', { type: 'image/png' }),
    );
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, pngBase64);
  await expect(attached(page).getByRole('button', { name: /^Remove pasted-\d{8}-\d{6}-\d{3}\.png$/ })).toBeVisible();
  await expect(attached(page)).toHaveAttribute('aria-label', 'Attached files: 2');

  await expectAccessible(page, 'the composer with attached files (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'the composer with attached files (dark)');

  await page.getByLabel('Message').fill('Describe the pictures');
  await page.getByLabel('Message').press('Enter');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect(lastTurn(page)).toContainText('I received 2 files');
  const thumbnail = lastTurn(page).getByRole('img', { name: dropped });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);
  await expect(lastTurn(page).getByRole('img', { name: /^pasted-/ })).toBeVisible();
});

test('too many files, or one above the configured size, are refused with the reason before any upload', async ({
  page,
}) => {
  await page.route('**/config.json', async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...config, maxUploadBytes: 1024 }) });
  });
  await signIn(page, 'analyst');
  const attach = async (files: { name: string; mimeType: string; buffer: Buffer }[]) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles(files);
  };
  const small = (index: number) => ({
    name: unique(`part-${index}.txt`),
    mimeType: 'text/plain',
    buffer: Buffer.from(`part ${index}`),
  });

  await attach(Array.from({ length: 21 }, (_, index) => small(index)));
  await expect(composer(page).getByRole('alert')).toHaveText(
    /At most 20 files per message; this would make 21\. Nothing was uploaded\./,
  );
  await expect(attached(page)).toHaveCount(0);

  const big = unique('big.log');
  const fits = small(99);
  await attach([{ name: big, mimeType: 'text/plain', buffer: Buffer.alloc(2048, 'x') }, fits]);
  await expect(composer(page).getByRole('alert')).toContainText(
    `“${big}” is 2.0 KB; each file may be at most 1.0 KB. It was not uploaded.`,
  );
  // The file that fits goes on its own.
  await expect(attached(page).getByRole('button', { name: `Remove ${fits.name}` })).toBeVisible();
  await expect(attached(page).getByRole('listitem')).toHaveCount(1);
  expect(uploads).toHaveLength(1);
});

test('Enter pressed while a file uploads is kept: the question goes with the file once it is uploaded; a failed upload sends nothing and says so', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, fileReader);
  // Each upload waits for the test to release it; the first then goes through, the second fails.
  const releases: Array<() => void> = [];
  let uploadsSeen = 0;
  await page.route('**/v1/files/**', async (route) => {
    const failing = (uploadsSeen += 1) > 1;
    await new Promise<void>((resolve) => releases.push(resolve));
    if (!failing) return route.continue();
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { message: 'Storage unavailable', details: null, help: null } }),
    });
  });
  const release = async () => {
    await expect.poll(() => releases.length).toBeGreaterThan(0);
    releases.shift()?.();
  };
  const attach = async (name: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('kept for later\n') });
  };

  const name = unique('later.txt');
  await attach(name);
  await page.getByLabel('Message').fill('Read it once it is there');
  await page.getByLabel('Message').press('Enter');
  await expect(composer(page).getByText('Your question goes as soon as the upload finishes.')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Read it once it is there');
  expect(await page.getByRole('article').count()).toBe(0);
  await release();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect(lastTurn(page)).toContainText('kept for later');
  await expect(lastTurn(page).getByRole('list', { name: 'Files sent: 1' })).toContainText(name);
  await expect(page.getByLabel('Message')).toHaveValue('');

  await attach(unique('broken.txt'));
  await page.getByLabel('Message').fill('Not without the file');
  await page.getByLabel('Message').press('Enter');
  await expect(composer(page).getByText('Your question goes as soon as the upload finishes.')).toBeVisible();
  await release();
  await expect(composer(page).getByText(/An upload failed, so your question was not sent/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByLabel('Message')).toHaveValue('Not without the file');
  await expect(page.getByRole('article')).toHaveCount(1);
});
