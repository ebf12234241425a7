import type { Page } from '@playwright/test';

/**
 * Every record of one table of the console's database, as the page's own IndexedDB holds it: what a reload will
 * find. Waiting on it is waiting on the save itself rather than on a guess of how long the save takes.
 */
export const storedRecords = (page: Page, table: 'turns' | 'drafts' | 'conversations') =>
  page.evaluate(async (table) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('assistant-console');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    try {
      return await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const reading = db.transaction(table).objectStore(table).getAll();
        reading.onsuccess = () => resolve(reading.result as Record<string, unknown>[]);
        reading.onerror = () => reject(reading.error);
      });
    } finally {
      db.close();
    }
  }, table);

/** The answer texts of the turns saved in this browser. */
export const storedAnswers = async (page: Page) =>
  (await storedRecords(page, 'turns')).map((turn) => (turn.answer as { text?: string } | undefined)?.text ?? '');

/** The drafts saved in this browser, as typed. */
export const storedDrafts = async (page: Page) =>
  (await storedRecords(page, 'drafts')).map((draft) => String(draft.text ?? ''));
