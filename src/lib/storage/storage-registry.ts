/**
 * Every place the console keeps something in this browser, and whose it is. Nothing is written to web storage under
 * a key that is not listed here (a unit test walks the stores and fails on any other), so Sign out, Clear local
 * data and "Sign out and remove my data" know all there is to remove.
 *
 * - person: one signed-in person's data. Its key carries the owner (the person's subject); Sign out removes it from
 *   web storage; Clear local data removes it and the person's IndexedDB records.
 * - device: a choice about this browser, not about anybody (theme, pane sizes): kept for whoever comes next.
 * - auth: the sign-in machinery's own (tokens, PKCE state): kept and removed by the auth feature alone; tokens keep
 *   their room in sessionStorage (drafts make way for them).
 */
export type StorageScope = 'person' | 'device' | 'auth';

export interface WebStorageEntry {
  readonly area: 'local' | 'session';
  readonly scope: StorageScope;
  /** The key, or (with `prefix`) its beginning; a person's key goes on with `:<owner>` (and `:<part>`). */
  readonly key: string;
  readonly prefix?: true;
  /** In plain words: "the workflow launcher draft". */
  readonly what: string;
}

const app = 'assistant-console.';
const person = (area: WebStorageEntry['area'], name: string, what: string): WebStorageEntry & { scope: 'person' } => ({
  area,
  scope: 'person',
  key: `${app}${name}`,
  what,
});
const device = (area: WebStorageEntry['area'], name: string, what: string): WebStorageEntry & { scope: 'device' } => ({
  area,
  scope: 'device',
  key: `${app}${name}`,
  what,
});

export const webStorageEntries = {
  launcherDraft: person('session', 'workflow-launcher', 'the workflow launcher draft'),
  batchDraft: person('session', 'workflow-batch-draft', 'the batch draft'),
  selection: person('local', 'selection', 'the assistant you picked and the stream switch'),
  toolSwitches: person('local', 'tool-switches', 'the tool switches of your chats'),
  resumeMessage: person('local', 'resume-message', 'the text typed for a paused run'),
  resumeOutput: person('local', 'resume-output', 'the output edited for a paused run'),
  resumeFiles: person('local', 'resume-files', 'the files named for a paused run'),
  batchMessage: person('local', 'batch-message', 'the text typed for a paused batch'),
  unsavedAnswers: person('local', 'unsaved-answers', 'answers being saved when the page closed'),
  theme: device('local', 'theme', 'the colour theme'),
  railWidth: device('local', 'rail-width', 'the width of the rail'),
  inspectorSplit: device('local', 'inspector-split', 'the Inspector’s split'),
  inspectorTab: device('session', 'inspector-tab', 'the Inspector tab last chosen'),
  tabId: device('session', 'tab-id', 'this tab’s name, for the chat queue it sends from'),
  thoughtsLayout: device('local', 'thoughts-layout', 'thoughts shown as a tree or a timeline'),
  runStatesLayout: device('local', 'run-states-layout', 'a run’s states shown as a list or a timeline'),
  signedOut: {
    area: 'local',
    scope: 'auth' as const,
    key: `${app}signed-out`,
    what: 'that someone signed out in this browser (the next sign-in asks for a password)',
  },
  pastedToken: { area: 'session', scope: 'auth' as const, key: `${app}pasted-token`, what: 'a pasted access token' },
  oidc: {
    area: 'session',
    scope: 'auth' as const,
    key: 'oidc.',
    prefix: true,
    what: 'the sign-in session (oidc-client-ts)',
  },
} as const satisfies Record<string, WebStorageEntry>;

export type WebStorageName = keyof typeof webStorageEntries;
type PersonEntryName = {
  [K in WebStorageName]: (typeof webStorageEntries)[K]['scope'] extends 'person' ? K : never;
}[WebStorageName];

const ownerPart = (owner: string) => encodeURIComponent(owner);

/** One person's key for an entry: `assistant-console.workflow-launcher:<owner>` (`…:<part>` for one of many). */
export function personKey(name: PersonEntryName, owner: string, part?: string): string {
  const base = `${webStorageEntries[name].key}:${ownerPart(owner)}`;
  return part === undefined ? base : `${base}:${encodeURIComponent(part)}`;
}

/** A device or auth entry's key. */
export const fixedKey = (name: Exclude<WebStorageName, PersonEntryName | 'oidc'>): string =>
  webStorageEntries[name].key;

export interface ClassifiedKey {
  name: WebStorageName;
  entry: WebStorageEntry;
  /** The person whose key it is (person entries only). */
  owner?: string;
}

/** Which entry a key belongs to, and whose it is; null for a key the registry does not know. */
export function classifyKey(area: 'local' | 'session', key: string): ClassifiedKey | null {
  for (const [name, entry] of Object.entries(webStorageEntries) as [WebStorageName, WebStorageEntry][]) {
    if (entry.area !== area) continue;
    if (entry.scope !== 'person') {
      if (entry.prefix ? key.startsWith(entry.key) : key === entry.key) return { name, entry };
      continue;
    }
    if (!key.startsWith(`${entry.key}:`)) continue;
    const [owner, ...rest] = key.slice(entry.key.length + 1).split(':');
    if (!owner || rest.length > 1) continue;
    try {
      return { name, entry, owner: decodeURIComponent(owner) };
    } catch {
      continue;
    }
  }
  return null;
}

/**
 * Keys earlier consoles wrote without an owner (whose they are cannot be told): removed when anyone signs in, so no
 * one reads someone else's draft from before this version.
 */
export function isUnownedLeftover(key: string): boolean {
  return (
    ['workflow-launcher', 'workflow-batch-draft', 'selection', 'tool-switches'].some(
      (name) => key === `${app}${name}`,
    ) || /^assistant-console:(resume-message|resume-output|resume-files|batch-message|unsaved-answers):/.test(key)
  );
}
