import Dexie from 'dexie';
import { canonicalStatus, isTerminal } from '@/domain/workflows/run/execution-status';
import type { ConsoleDatabase, OwnedRecord } from '@/lib/storage/db';
import { runSchema, type Run } from './run';

// Reading runs back from the local database a page at a time: the newest at start, older ones when a person asks
// (or a filter, an export, a link needs them). Every record is checked with the run schema as it is read.

/** Runs read at start, and per "Load older runs". */
export const runsPageSize = 100;

export interface RunsRead {
  runs: Run[];
  unreadable: number;
}

/** Runs read a page at a time, and where the next page starts: runs started at or before `older` (null: none left). */
export interface RunsPage extends RunsRead {
  older: number | null;
}

function checked(records: readonly OwnedRecord[]): RunsRead {
  const runs: Run[] = [];
  let unreadable = 0;
  for (const record of records) {
    const parsed = runSchema.safeParse(record);
    if (parsed.success) runs.push(parsed.data);
    else unreadable += 1;
  }
  return { runs, unreadable };
}

const startOf = (record: OwnedRecord | undefined) => (typeof record?.startedAt === 'number' ? record.startedAt : null);

/** Not over yet (followed, or waiting for a person): such a run is read whatever its age. */
const unsettled = (record: OwnedRecord) =>
  typeof record.status === 'string' &&
  (!isTerminal(record.status) || canonicalStatus(record.status) === 'Interrupted') &&
  record.lost !== true &&
  record.noFollowUp !== true;

/** The person's runs started at or before `upTo`, newest first. */
const byStart = (db: ConsoleDatabase, owner: string, upTo: number | typeof Dexie.maxKey = Dexie.maxKey) =>
  db.runs.where('[owner+startedAt]').between([owner, Dexie.minKey], [owner, upTo], true, true).reverse();

/** Up to `limit` runs at or before `upTo`, and where the next page would start. */
async function pageOf(db: ConsoleDatabase, owner: string, upTo: number | typeof Dexie.maxKey, limit: number) {
  const collection = byStart(db, owner, upTo);
  const records = await (Number.isFinite(limit) ? collection.limit(limit + 1) : collection).toArray();
  const page = records.length > limit ? records.slice(0, limit) : records;
  return { page, older: records.length > limit ? startOf(page.at(-1)) : null };
}

/** The newest page of runs, and every unfinished run however old (it is followed, or waits for a person). */
export async function readFirstRuns(db: ConsoleDatabase, owner: string): Promise<RunsPage> {
  const { page, older } = await pageOf(db, owner, Dexie.maxKey, runsPageSize);
  const open = older === null ? [] : await byStart(db, owner, older).filter(unsettled).toArray();
  const ids = new Set(page.map((record) => record.id));
  return { ...checked([...page, ...open.filter((record) => !ids.has(record.id))]), older };
}

/**
 * Runs started at or before `upTo` (where the last page ended: it may hold runs of the same moment), newest first:
 * a page, or all of them. The caller keeps those it has already.
 */
export async function readOlderRuns(
  db: ConsoleDatabase,
  owner: string,
  upTo: number,
  limit: number = Infinity,
): Promise<RunsPage> {
  const { page, older } = await pageOf(db, owner, upTo, limit);
  return { ...checked(page), older };
}

/** What a screen names: runs by id, a batch's runs, or several batches' (read at once: one read, one update). */
export type RunsWhere = { ids: readonly string[] } | { batchId: string } | { batchIds: readonly string[] };

/** The runs with these ids, or of these batches, wherever they are in the history. */
export async function readRunsWhere(db: ConsoleDatabase, owner: string, where: RunsWhere): Promise<RunsRead> {
  const byBatch = db.runs.where('[owner+batchId]');
  const records =
    'ids' in where
      ? (await db.runs.bulkGet(where.ids.map((id): [string, string] => [owner, id]))).filter(
          (record): record is OwnedRecord => record !== undefined,
        )
      : 'batchId' in where
        ? await byBatch.equals([owner, where.batchId]).toArray()
        : await byBatch.anyOf(where.batchIds.map((batchId) => [owner, batchId])).toArray();
  return checked(records);
}
