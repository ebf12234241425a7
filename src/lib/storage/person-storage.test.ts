import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, pageWith } from '@/test/memory-storage';
import { createPersonWebStorage, dropUnownedLeftovers, removePersonKeys } from './person-storage';
import { useStorageHealth } from './storage-health';
import { guardedStorage } from './web-storage';

const limit = { maxChars: 50, limitWords: '50 characters' };

function browser() {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const page = pageWith({ local, session });
  const areas = { local: guardedStorage('local', page), session: guardedStorage('session', page) };
  const events = new EventTarget();
  const hidePage = () => events.dispatchEvent(new Event('pagehide'));
  return { local, session, areas, events, hidePage };
}

afterEach(() => {
  vi.useRealTimers();
  useStorageHealth.getState().dismissed();
});

describe('one person’s web storage', () => {
  it('writes a draft once typing pauses, not on every keystroke, under a key that carries the owner', () => {
    vi.useFakeTimers();
    const { session, areas } = browser();
    const web = createPersonWebStorage({ owner: 'alice@example', areas, delayMs: 300 });
    const draft = web.stateStorage('launcherDraft', limit);
    const key = web.key('launcherDraft');
    expect(key).toBe('assistant-console.workflow-launcher:alice%40example');
    for (const text of ['h', 'he', 'hel', 'hello']) draft.setItem(key, text);
    expect(session.written).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(session.written).toEqual([key]);
    expect(draft.getItem(key)).toBe('hello');
  });

  it('writes what waits at once when the page is hidden for good (pagehide)', () => {
    vi.useFakeTimers();
    const { local, areas, events, hidePage } = browser();
    const web = createPersonWebStorage({ owner: 'alice', areas, page: events as unknown as Window });
    const slot = web.text('resumeMessage', 'run-1', limit);
    slot.write('Please go on');
    expect(slot.read()).toBe('Please go on');
    hidePage();
    expect(local.getItem('assistant-console.resume-message:alice:run-1')).toBe('Please go on');
  });

  it('refuses a store named by anything but its registry key', () => {
    const web = createPersonWebStorage({ owner: 'alice', areas: browser().areas });
    expect(() => web.stateStorage('selection', limit).setItem('assistant-console.selection', '{}')).toThrow(
      /not assistant-console.selection:alice/,
    );
  });

  it('forgets the person: pending writes dropped, their keys removed, nobody else’s and no device choice touched', () => {
    vi.useFakeTimers();
    const { local, session, areas } = browser();
    const alice = createPersonWebStorage({ owner: 'alice', areas });
    const bob = createPersonWebStorage({ owner: 'bob', areas });
    alice.stateStorage('selection', limit).setItem(alice.key('selection'), '{"a":1}');
    alice.text('resumeOutput', 'r1', limit).write('edited');
    bob.stateStorage('selection', limit).setItem(bob.key('selection'), '{"b":1}');
    vi.advanceTimersByTime(1000);
    alice.stateStorage('launcherDraft', limit).setItem(alice.key('launcherDraft'), '{"late":true}');
    local.setItem('assistant-console.theme', 'dark');
    session.setItem('oidc.user:https://idp:console', '{}');

    expect(alice.forget().sort()).toEqual([
      'assistant-console.resume-output:alice:r1',
      'assistant-console.selection:alice',
    ]);
    vi.advanceTimersByTime(1000);
    // The draft typed just before leaving is not written after it, nor anything later.
    alice.stateStorage('launcherDraft', limit).setItem(alice.key('launcherDraft'), '{"later":true}');
    vi.advanceTimersByTime(1000);
    expect(session.getItem(alice.key('launcherDraft'))).toBeNull();
    expect(local.getItem(bob.key('selection'))).toBe('{"b":1}');
    expect(local.getItem('assistant-console.theme')).toBe('dark');
    expect(session.getItem('oidc.user:https://idp:console')).toBe('{}');
    expect(removePersonKeys('bob', areas)).toEqual(['assistant-console.selection:bob']);
  });

  it('a draft over its limit stays on the page and the banner names the limit', () => {
    vi.useFakeTimers();
    const { session, areas } = browser();
    const web = createPersonWebStorage({ owner: 'alice', areas });
    const draft = web.stateStorage('batchDraft', limit);
    draft.setItem(web.key('batchDraft'), 'x'.repeat(51));
    vi.advanceTimersByTime(1000);
    expect(session.length).toBe(0);
    expect(draft.getItem(web.key('batchDraft'))).toBe('x'.repeat(51));
    expect(useStorageHealth.getState().problem?.message).toBe(
      'The batch draft is over 50 characters: it stays on this page but is not kept for a reload.',
    );
  });

  it('removes what earlier consoles kept without an owner, and nothing else', () => {
    const { local, session, areas } = browser();
    session.setItem('assistant-console.workflow-launcher', '{}');
    local.setItem('assistant-console.selection', '{}');
    local.setItem('assistant-console:resume-message:run-1', 'hi');
    local.setItem('assistant-console.selection:alice', '{}');
    local.setItem('assistant-console.theme', 'dark');
    expect(dropUnownedLeftovers(areas).sort()).toEqual([
      'assistant-console.selection',
      'assistant-console.workflow-launcher',
      'assistant-console:resume-message:run-1',
    ]);
    expect(local.length).toBe(2);
  });
});
