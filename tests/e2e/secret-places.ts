// Every place a value could be kept or copied to once it reached the page: what the secret tests search.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect } from './csp';

/** Everything the browser keeps for the console, as text per place: web storage and every IndexedDB store. */
export async function storedText(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const places: Record<string, string> = {
      localStorage: JSON.stringify({ ...localStorage }),
      sessionStorage: JSON.stringify({ ...sessionStorage }),
    };
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        places[`${info.name}.${store}`] = await new Promise<string>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(JSON.stringify(request.result));
          request.onerror = () => reject(request.error);
        });
      }
      db.close();
    }
    return places;
  });
}

export async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFile(await download.path(), 'utf8');
}

export async function copied(page: Page, scope: Locator, button: string): Promise<string> {
  await scope.getByRole('button', { name: button, exact: true }).click();
  await expect(scope.getByRole('button', { name: 'Copied' })).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  await expect(scope.getByRole('button', { name: button, exact: true })).toBeVisible();
  return text;
}

/** Every form a leaky tool writes a value in, and each once more as JSON writes it (inside a chunk or an export). */
export function formsOf(value: string): Record<string, string> {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const forms: Record<string, string> = {
    raw: value,
    base64: base64(value),
    base64url: Buffer.from(value, 'utf8').toString('base64url'),
    percent: encodeURIComponent(value),
    basic: base64(`leaky:${value}`),
    'markdown-escaped': value.replace(/[\\`*_|<>[\]#]/g, (char) => `\\${char}`),
  };
  for (const [name, form] of Object.entries({ ...forms })) forms[`${name} in JSON`] = JSON.stringify(form).slice(1, -1);
  return forms;
}
