import Dexie from 'dexie';
import type { ConsoleDatabase } from './db';

/** How many records of one person this browser holds, by kind. */
export interface LocalDataCounts {
  conversations: number;
  /** Of those, the ones the server keeps too: the server's list brings them back once they are cleared here. */
  conversationsOnServer: number;
  turns: number;
  drafts: number;
  runs: number;
  batches: number;
  headerProfiles: number;
  preferences: number;
}

// Tables whose primary key starts with the owner but have no owner index of their own are read by key range.
const ownerRange = (owner: string): [[string, unknown], [string, unknown]] => [
  [owner, Dexie.minKey],
  [owner, Dexie.maxKey],
];

function collections(db: ConsoleDatabase, owner: string) {
  const [lower, upper] = ownerRange(owner);
  return {
    conversations: db.conversations.where('owner').equals(owner),
    turns: db.turns.where('[owner+id]').between(lower, upper, true, true),
    drafts: db.drafts.where('owner').equals(owner),
    runs: db.runs.where('owner').equals(owner),
    batches: db.batches.where('owner').equals(owner),
    headerProfiles: db.headerProfiles.where('owner').equals(owner),
    preferences: db.preferences.where('[owner+key]').between(lower, upper, true, true),
  };
}

const tablesOf = (db: ConsoleDatabase) => [
  db.conversations,
  db.turns,
  db.drafts,
  db.runs,
  db.batches,
  db.headerProfiles,
  db.preferences,
];

/**
 * What one person keeps here, by kind. `keptByServer` names the conversations the server has too (from its list):
 * those, and any read from the server here, come back from it once cleared.
 */
export async function countLocalData(
  owner: string,
  db: ConsoleDatabase,
  keptByServer: (conversationId: string) => boolean = () => false,
): Promise<LocalDataCounts> {
  const all = collections(db, owner);
  return db.transaction('r', tablesOf(db), async () => {
    const [conversations, conversationsOnServer, turns, drafts, runs, batches, headerProfiles, preferences] =
      await Promise.all([
        all.conversations.count(),
        collections(db, owner)
          .conversations.filter((summary) => {
            const { id, server } = summary as { id?: unknown; server?: unknown };
            return (server !== undefined && server !== null) || (typeof id === 'string' && keptByServer(id));
          })
          .count(),
        all.turns.count(),
        all.drafts.count(),
        all.runs.count(),
        all.batches.count(),
        all.headerProfiles.count(),
        all.preferences.count(),
      ]);
    return { conversations, conversationsOnServer, turns, drafts, runs, batches, headerProfiles, preferences };
  });
}

/** Deletes everything one person keeps in this browser, in one transaction (all of it goes, or none); returns what went. */
export async function clearLocalData(
  owner: string,
  db: ConsoleDatabase,
  keptByServer?: (conversationId: string) => boolean,
): Promise<LocalDataCounts> {
  return db.transaction('rw', tablesOf(db), async () => {
    const counts = await countLocalData(owner, db, keptByServer);
    const all = collections(db, owner);
    await Promise.all(Object.values(all).map((collection) => collection.delete()));
    return counts;
  });
}
