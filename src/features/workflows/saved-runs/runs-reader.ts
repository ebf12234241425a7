import type { ConsoleDatabase } from '@/lib/storage/db';
import { readOlderRuns, readRunsWhere, runsPageSize, type RunsWhere } from './runs-archive';
import type { RunsStore } from './runs-store';

/** Brings saved runs beyond the first page into memory, when a screen needs them. */
export interface RunsReader {
  /** The next page of older runs, or all of them (a filter, an export, the server's history need every run). */
  readOlder(all?: boolean): Promise<void>;
  /** Runs a screen names (a link to a run, a comparison, batches' rows), wherever they are in the history. */
  readWhere(where: RunsWhere): Promise<void>;
}

export function createRunsReader({ store, db, owner }: { store: RunsStore; db: ConsoleDatabase; owner: string }) {
  const state = () => store.getState();
  // One read of older runs at a time: a second ask waits for the first (a page would otherwise be read twice).
  let reading: Promise<void> | null = null;
  // Batches whose saved runs were read: from then on their runs are in memory (a new one is added as it starts), so
  // a page listing fifty batches reads them once, not at every visit.
  const batchesRead = new Set<string>();

  async function readOlder(all: boolean) {
    const upTo = state().older;
    if (upTo === null || state().status !== 'ready') return;
    const held = state().runs.length;
    const page = await readOlderRuns(db, owner, upTo, all ? Infinity : runsPageSize);
    state().readMore(page.runs, page.unreadable, page.older);
    // A page of runs all started at one moment brings nothing new: the rest is read whole instead.
    if (!all && page.older === upTo && state().runs.length === held) await readOlder(true);
  }

  const reader: RunsReader = {
    readOlder(all = false) {
      const next = (reading ?? Promise.resolve()).catch(() => undefined).then(() => readOlder(all));
      reading = next;
      return next;
    },
    async readWhere(where) {
      if (state().older === null) return;
      const known = new Set(state().runs.map((run) => run.id));
      if ('ids' in where && where.ids.every((id) => known.has(id))) return;
      const batches = 'batchIds' in where ? where.batchIds.filter((id) => !batchesRead.has(id)) : [];
      if ('batchIds' in where && batches.length === 0) return;
      const read = await readRunsWhere(db, owner, 'batchIds' in where ? { batchIds: batches } : where);
      state().readMore(read.runs, read.unreadable);
      for (const id of batches) batchesRead.add(id);
    },
  };
  return reader;
}
