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

/** A workflow run launched from this console (one launch, or one row of a batch). */
export interface StoredRun {
  owner: string;
  id: string;
  workflowId: string;
  workflowName: string;
  userInput: string;
  tags: string[];
  sessionId?: string;
  fileName?: string;
  /** The header profile and resolved headers the start call carried (null: no header provider). */
  forwarded: unknown;
  executionId?: string;
  status: string;
  startedAt: number;
  endedAt?: number;
  /** Why the start call failed (the described error), when it did. */
  error?: unknown;
  /** The start call's answer as it came. */
  record?: unknown;
  /** Follow-up: states and the outputs fetched so far, by state id. */
  states?: unknown[];
  outputs?: Record<string, string>;
  /** The server answered 404 to the follow-up endpoints. */
  noFollowUp?: boolean;
  logId?: string;
  batchId?: string;
  batchRow?: number;
}

/** A batch: its rows and progress, so it can resume after a reload. */
export interface StoredBatch {
  owner: string;
  id: string;
  createdAt: number;
  batch: unknown;
}

export class ConsoleDatabase extends Dexie {
  headerProfiles!: Table<StoredHeaderProfile, [string, string]>;
  preferences!: Table<StoredPreference, [string, string]>;
  runs!: Table<StoredRun, [string, string]>;
  batches!: Table<StoredBatch, [string, string]>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      headerProfiles: '[owner+id], owner',
      preferences: '[owner+key]',
    });
    this.version(2).stores({
      runs: '[owner+id], [owner+startedAt], [owner+executionId], [owner+batchId]',
      batches: '[owner+id], [owner+createdAt]',
    });
  }
}

let shared: ConsoleDatabase | null = null;

/** The database of this origin, opened on first use. */
export function consoleDatabase(): ConsoleDatabase {
  shared ??= new ConsoleDatabase('assistant-console');
  return shared;
}
