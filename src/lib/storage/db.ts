import Dexie, { type Table } from 'dexie';

// The console's one local database: its tables and their indexes. Add tables in a new version; never change an old one.

/**
 * A record of one person. Every record carries `owner`, the signed-in subject, so two people on one browser never
 * see each other's data. The rest is its feature's: the feature's repository declares the record's schema and checks
 * every record it reads with it (a record may have been written by an older console, or by hand).
 */
export interface OwnedRecord {
  owner: string;
  [field: string]: unknown;
}

type OwnedTable = Table<OwnedRecord, [string, string]>;

export class ConsoleDatabase extends Dexie {
  headerProfiles!: OwnedTable;
  preferences!: OwnedTable;
  runs!: OwnedTable;
  batches!: OwnedTable;
  conversations!: OwnedTable;
  turns!: OwnedTable;
  drafts!: OwnedTable;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      headerProfiles: '[owner+id], owner',
      preferences: '[owner+key]',
    });
    this.version(2).stores({
      runs: '[owner+id], owner, [owner+startedAt], [owner+batchId]',
      batches: '[owner+id], owner',
    });
    this.version(3).stores({
      conversations: '[owner+id], owner, [owner+updatedAt]',
      turns: '[owner+id], [owner+conversationId]',
      drafts: '[owner+conversationId], owner',
    });
    // The newest turns of a conversation first: a long one shows its end before the rest is read.
    this.version(4).stores({
      turns: '[owner+id], [owner+conversationId], [owner+conversationId+startedAt]',
    });
    // A run keeps the local ledger only: copies of what the server holds (state outputs, the execution record of a run
    // found on the server) are read through queries now, so the copies earlier consoles kept leave the disk.
    this.version(5).upgrade((tx) =>
      tx
        .table<OwnedRecord>('runs')
        .toCollection()
        .modify((run) => {
          delete run['outputs'];
          if (run['fromServer'] === true) delete run['record'];
        }),
    );
  }
}

let shared: ConsoleDatabase | null = null;

/** The database of this origin, opened on first use. */
export function consoleDatabase(): ConsoleDatabase {
  shared ??= new ConsoleDatabase('assistant-console');
  return shared;
}
