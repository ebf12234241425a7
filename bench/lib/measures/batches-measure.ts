// A workflow's batches page with many batches kept: they are written into the console's own database (as the
// console writes them, under the signed-in person), then the page is opened from the workflows page's link.
import type { Page } from '@playwright/test';

export interface BatchesSize {
  count: number;
  rows: number;
}

export interface BatchesTimes {
  /** Link clicked → every batch's figures in the table and the three charts drawn; the chart's chunk fetched. */
  firstOpenMs: number;
  /** The same, opened again: its chunk is there (what "after its chunk" means). */
  openMs: number;
}

export const benchWorkflow = { id: 'bench-trend-workflow', name: 'Bench trend workflow' } as const;

/** The person the console keeps records under: the access token's subject. */
export function ownerOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string };
  if (!sub) throw new Error('the access token has no subject');
  return sub;
}

/** Writes `count` finished batches of `rows` rows, and the run of each row (duration, tokens), an hour apart. */
export async function seedBatches(page: Page, owner: string, size: BatchesSize): Promise<void> {
  await page.evaluate(
    async ({ owner, size, workflow }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('assistant-console');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('the database did not open'));
      });
      const transaction = db.transaction(['batches', 'runs'], 'readwrite');
      const start = Date.now() - size.count * 3_600_000;
      for (let at = 0; at < size.count; at += 1) {
        const id = `bench-batch-${at}`;
        const createdAt = start + at * 3_600_000;
        const rows = Array.from({ length: size.rows }, (_, index) => ({
          index,
          input: `question ${index}`,
          tags: [],
          status: (index + at) % 7 === 0 ? 'failed' : 'succeeded',
          executionId: `${id}-execution-${index}`,
        }));
        const batch = { id, workflowId: workflow.id, rows, concurrency: 5, state: 'done', commonTags: [] };
        const record = { id, workflowName: workflow.name, createdAt, batch };
        transaction.objectStore('batches').put({ owner, id, createdAt, batch: record });
        for (const row of rows) {
          const startedAt = createdAt + row.index * 1000;
          transaction.objectStore('runs').put({
            owner,
            id: `${id}-run-${row.index}`,
            workflowId: workflow.id,
            workflowName: workflow.name,
            userInput: row.input,
            tags: [],
            forwarded: null,
            executionId: row.executionId,
            status: row.status === 'failed' ? 'Failed' : 'Succeeded',
            startedAt,
            endedAt: startedAt + 800 + ((row.index * 37 + at * 11) % 900),
            batchId: id,
            batchRow: row.index,
            tokens: { input: 100 + row.index, output: 50 + at },
          });
        }
      }
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('the batches were not written'));
      });
      db.close();
    },
    { owner, size, workflow: benchWorkflow },
  );
}

/** Clicks the first link to the workflow's batches and times it until the page shows every batch's figures, drawn. */
async function timeOpen(page: Page, count: number, timeoutMs: number): Promise<number> {
  const link = page.getByRole('link', { name: `All batches of ${benchWorkflow.name}, with their trend` }).first();
  await link.waitFor({ timeout: timeoutMs });
  return page.evaluate(
    ({ count, timeoutMs }) =>
      new Promise<number>((resolve) => {
        const anchor = document.querySelector<HTMLAnchorElement>('a[href*="/workflows/trends/"]');
        const started = performance.now();
        anchor?.click();
        const check = () => {
          const table = document.querySelector('.trend-table');
          const ready =
            table?.querySelectorAll('tbody tr').length === count &&
            !table.textContent?.includes('not known') &&
            document.querySelectorAll('.trend-chart-canvas canvas').length >= 3 &&
            !document.body.textContent?.includes('Reading older runs');
          // Ready: the time of the frame that shows it.
          if (ready) requestAnimationFrame(() => resolve(performance.now() - started));
          else if (performance.now() - started > timeoutMs) resolve(Number.NaN);
          else requestAnimationFrame(check);
        };
        check();
      }),
    { count, timeoutMs },
  );
}

/** Opens the batches page twice from the workflows page (a fresh load of it, so the batches are read from the database). */
export async function batchesPageTimes(
  page: Page,
  consoleUrl: string,
  size: BatchesSize,
  timeoutMs: number,
): Promise<BatchesTimes> {
  await page.goto(`${consoleUrl}/workflows`);
  const firstOpenMs = await timeOpen(page, size.count, timeoutMs);
  await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
  const openMs = await timeOpen(page, size.count, timeoutMs);
  return { firstOpenMs, openMs };
}
