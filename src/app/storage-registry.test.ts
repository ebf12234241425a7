// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleDatabase } from '@/lib/storage/db';
import { classifyKey, webStorageEntries, type WebStorageName } from '@/lib/storage/storage-registry';
import { useThemeStore } from '@/lib/theme';
import { servicesForTest } from '@/test/render-with-services';

// The storage registry is the list Sign out, Clear local data and "remove my data" walk: a key written outside it
// would outlive them. These tests run the person's stores against the browser's storage and compare.

const limit = { maxChars: 10_000, limitWords: '10 KB' };
const choice = { assistant: { id: 'a1', name: 'General Assistant' }, model: '', mode: 'stream' as const };

/** A server whose answers stream one chunk, then stay open until the call is aborted. */
const slowServer: typeof fetch = async (input, init) => {
  if (init?.method !== 'POST' || !String(input).includes('/assistants/'))
    return new Response('{"detail":"Not Found"}', { status: 404, headers: { 'content-type': 'application/json' } });
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        new TextEncoder().encode(`data: ${JSON.stringify({ generated_chunk: 'Half an answer' })}\n\n`),
      );
      init.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
};

/** Every key written to web storage from now on, with its area. */
function recordWrites() {
  const written: { area: 'local' | 'session'; key: string }[] = [];
  const setItem = Storage.prototype.setItem;
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
    written.push({ area: this === window.localStorage ? 'local' : 'session', key });
    setItem.call(this, key, value);
  });
  return written;
}

const keysOf = (storage: Storage) => Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
const personKeysIn = (owner: string) =>
  [
    ...keysOf(localStorage).map((key) => classifyKey('local', key)),
    ...keysOf(sessionStorage).map((key) => classifyKey('session', key)),
  ].filter((found) => found?.owner === owner);

/** Everything a person keeps in web storage, typed in as they would. */
async function personAtWork(owner: string) {
  const built = servicesForTest({ owner, fetch: slowServer });
  const { chat, workflows, web } = built.services;
  await expect.poll(() => chat.store.getState().listStatus).toBe('ready');
  workflows.launcher.getState().formChanged({ userInput: `${owner}'s quarterly numbers`, sessionId: 'sess-1' });
  workflows.launcher.getState().tagDraftChanged('q3');
  workflows.batchDraft.getState().draftChanged({ lines: `${owner} first\n${owner} second` });
  chat.selection.getState().assistantAddedById('c1', { id: `${owner}-private-assistant`, name: 'Added by id' });
  chat.toolSwitches.getState().switched('c1', { webSearch: true, codeInterpreter: false });
  web.text('resumeMessage', 'run-1', limit).write('Go on please');
  web.text('resumeOutput', 'run-1', limit).write('Edited output');
  web.text('resumeFiles', 'run-1', limit).write('https://files.example/a.pdf');
  web.text('batchMessage', 'batch-1', limit).write('All rows: go on');
  chat.runtime.ask('c1', 'Tell me everything', choice);
  await expect.poll(() => Object.values(chat.store.getState().live)[0]?.turn.answer.text).toBe('Half an answer');
  // The page closes: what waits for its debounce is written, and the answer in flight is stashed.
  window.dispatchEvent(new Event('pagehide'));
  return built;
}

afterEach(() => vi.restoreAllMocks());

describe('the storage registry', () => {
  it('lists every key the console writes; each person key carries its owner; every person entry is used', async () => {
    const written = recordWrites();
    const { services } = await personAtWork('alice');
    useThemeStore.getState().chosen('dark');
    await services.stop();

    const unknown = written.filter(({ area, key }) => classifyKey(area, key) === null);
    expect(unknown).toEqual([]);
    const classified = written.map(({ area, key }) => classifyKey(area, key)!);
    expect(classified.filter((found) => found.entry.scope === 'person' && found.owner !== 'alice')).toEqual([]);
    const personEntries = (Object.keys(webStorageEntries) as WebStorageName[]).filter(
      (name) => webStorageEntries[name].scope === 'person',
    );
    // Besides the person's own: the theme chosen, and this tab's name (the chat queue's sender).
    expect(new Set(classified.map((found) => found.name))).toEqual(new Set([...personEntries, 'theme', 'tabId']));
  });

  it('keys every table of the local database by its owner, so a person’s records can be found and removed', () => {
    for (const table of consoleDatabase().tables) {
      const primary = table.schema.primKey.keyPath;
      expect(Array.isArray(primary) ? primary[0] : primary, table.name).toBe('owner');
    }
  });

  it('holds every storage key of the source: no key literal lives outside it', () => {
    // Names that are not web-storage keys: channels, locks, file formats, the database.
    const notStorage = new Set([
      "'assistant-console.session'",
      "'assistant-console.renewal.'",
      "'assistant-console.conversation'",
      "'assistant-console.batch'",
      "'assistant-console.local-data:",
      "'assistant-console/request-log'",
      "'assistant-console/header-profiles'",
      "'assistant-console'",
      '`assistant-console:chat:',
      '`assistant-console.local-data:',
    ]);
    const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const found = Object.entries(sources)
      .filter(([path]) => !path.endsWith('/storage-registry.ts'))
      .flatMap(([path, text]) =>
        [...text.matchAll(/['"`]assistant-console[^'"`$]*/g)]
          .map(([literal]) => literal)
          .filter((literal) => ![...notStorage].some((allowed) => literal === allowed || allowed.startsWith(literal)))
          .map((literal) => `${path}: ${literal}`),
      );
    expect(found).toEqual([]);
  });
});

describe('two people on one browser', () => {
  it('after Sign out, the next person finds nothing of the first in web storage or in their stores', async () => {
    const { services: alice } = await personAtWork('alice');
    expect(personKeysIn('alice').length).toBeGreaterThan(5);
    await alice.leave();
    expect(personKeysIn('alice')).toEqual([]);
    // Alice's local database stays for her return; only web storage is emptied by Sign out.
    expect(await alice.db.turns.where('owner').equals('alice').count()).toBe(1);

    const { services: bob } = servicesForTest({ owner: 'bob' });
    expect(bob.workflows.launcher.getState().form.userInput).toBe('');
    expect(bob.workflows.batchDraft.getState().draft.lines).toBe('');
    expect(bob.chat.selection.getState().addedAssistants).toEqual([]);
    expect(bob.chat.toolSwitches.getState().byConversation).toEqual({});
    const everything = [localStorage, sessionStorage].flatMap((storage) =>
      keysOf(storage).map((key) => `${key}=${storage.getItem(key)}`),
    );
    expect(everything.filter((entry) => entry.includes('alice'))).toEqual([]);
    await bob.stop();
  });

  it('Clear local data removes the person’s web-storage keys too, and reaches their other tab', async () => {
    const { services: here } = await personAtWork('carol');
    const { services: there } = servicesForTest({ owner: 'carol' });
    there.workflows.launcher.getState().formChanged({ userInput: 'typed in the other tab' });
    await here.settings.clearLocalData();
    expect(here.settings.localData.getState()).toMatchObject({ phase: 'cleared', origin: 'here' });
    await expect
      .poll(() => there.settings.localData.getState())
      .toMatchObject({ phase: 'cleared', origin: 'other-tab' });
    // The other tab's draft was waiting for its debounce: written now if it still waited, it is not.
    there.web.flush();
    expect(personKeysIn('carol')).toEqual([]);
    expect(await here.db.turns.count()).toBe(0);
  });

  it('"Sign out and remove my data" clears everything of the person, then signs out', async () => {
    const signOut = vi.fn(async () => undefined);
    const { services } = servicesForTest({ owner: 'dana', signOut });
    services.workflows.batchDraft.getState().draftChanged({ lines: 'one\ntwo' });
    window.dispatchEvent(new Event('pagehide'));
    expect(personKeysIn('dana')).not.toEqual([]);
    await services.settings.removeMyDataAndSignOut();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(personKeysIn('dana')).toEqual([]);
    expect(services.settings.localData.getState().phase).toBe('cleared');
  });
});
