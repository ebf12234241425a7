import Dexie, { type Table } from 'dexie';

// The console's one local database. Every record carries `owner`, the signed-in subject, so two people
// on one browser never see each other's data. Add tables in a new version; never change an old one.

export interface StoredHeaderRow {
  id: string;
  name: string;
  value: string;
  enabled: boolean;
}

export interface StoredHeaderProfile {
  owner: string;
  id: string;
  name: string;
  rows: StoredHeaderRow[];
  /** Order in the profile list. */
  position: number;
  updatedAt: number;
}

/** Small per-user settings (active header profile, forwarding switch), one record per key. */
export interface StoredPreference {
  owner: string;
  key: string;
  value: unknown;
}

/** A workflow run launched from this console; its fields are checked by the workflows feature on reading. */
export interface StoredRun {
  owner: string;
  id: string;
  startedAt: number;
  batchId?: string | undefined;
  [field: string]: unknown;
}

/** A batch: its rows and progress, so it can resume after a reload. */
export interface StoredBatch {
  owner: string;
  id: string;
  createdAt: number;
  batch: unknown;
}

/** A conversation's list entry (title, recency, chosen versions, search words); its turns are stored apart. */
export interface StoredConversation {
  owner: string;
  id: string;
  updatedAt: number;
  [field: string]: unknown;
}

/** One turn of a conversation; its fields are checked by the chat feature on reading. */
export interface StoredTurn {
  owner: string;
  id: string;
  conversationId: string;
  [field: string]: unknown;
}

/** The unsent text of one conversation ('' for a new chat), kept apart so typing writes only a few bytes. */
export interface StoredDraft {
  owner: string;
  conversationId: string;
  text: string;
  updatedAt: number;
}

export class ConsoleDatabase extends Dexie {
  headerProfiles!: Table<StoredHeaderProfile, [string, string]>;
  preferences!: Table<StoredPreference, [string, string]>;
  runs!: Table<StoredRun, [string, string]>;
  batches!: Table<StoredBatch, [string, string]>;
  conversations!: Table<StoredConversation, [string, string]>;
  turns!: Table<StoredTurn, [string, string]>;
  drafts!: Table<StoredDraft, [string, string]>;

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
  }
}

let shared: ConsoleDatabase | null = null;

/** The database of this origin, opened on first use. */
export function consoleDatabase(): ConsoleDatabase {
  shared ??= new ConsoleDatabase('assistant-console');
  return shared;
}
