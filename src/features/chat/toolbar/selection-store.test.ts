import { describe, expect, it } from 'vitest';
import { createPersonWebStorage } from '@/lib/storage/person-storage';
import { guardedStorage } from '@/lib/storage/web-storage';
import { MemoryStorage, pageWith } from '@/test/memory-storage';
import { createSelectionStore, modelOf } from './selection-store';

const research = { id: 'a1', name: 'Research' };
const writer = { id: 'a2', name: 'Writer' };

/** A person's choices, kept in a browser of the test's own (written at once). */
function browser(local = new MemoryStorage()) {
  const page = pageWith({ local, session: new MemoryStorage() });
  const areas = { local: guardedStorage('local', page), session: guardedStorage('session', page) };
  const web = createPersonWebStorage({ owner: 'alice', areas, delayMs: 0 });
  return { local, web, store: createSelectionStore(web) };
}

describe('a model override belongs to the conversation it was chosen in', () => {
  it('applies to that conversation only: a new chat and other conversations ask for the assistant default', () => {
    const { store } = browser();
    store.getState().conversationOpened('A', research, '');
    store.getState().modelChosen('A', 'gpt-4.1');
    expect(modelOf(store.getState(), 'A')).toBe('gpt-4.1');
    expect(modelOf(store.getState(), 'new-chat-id')).toBe('');
    expect(modelOf(store.getState(), 'B')).toBe('');
  });

  it('takes any conversation id, even one named like an object’s own properties', () => {
    const { store } = browser();
    for (const id of ['__proto__', 'constructor', 'toString']) expect(modelOf(store.getState(), id)).toBe('');
    store.getState().modelChosen('__proto__', 'gpt-4.1');
    expect(modelOf(store.getState(), '__proto__')).toBe('gpt-4.1');
    expect(modelOf(store.getState(), 'constructor')).toBe('');
    store.getState().modelChosen('__proto__', '');
    expect(modelOf(store.getState(), '__proto__')).toBe('');
  });

  it('goes when another assistant is picked in that conversation; other conversations keep theirs', () => {
    const { store } = browser();
    store.getState().modelChosen('A', 'gpt-4.1');
    store.getState().modelChosen('B', 'claude');
    store.getState().assistantPicked('A', writer);
    expect(store.getState().assistant).toEqual(writer);
    expect(modelOf(store.getState(), 'A')).toBe('');
    expect(modelOf(store.getState(), 'B')).toBe('claude');
    store.getState().modelChosen('A', 'gpt-4.1');
    store.getState().assistantAddedById('A', { id: 'a3', name: 'Assistant a3' });
    expect(modelOf(store.getState(), 'A')).toBe('');
  });

  it('a reopened conversation takes the assistant and model of its latest question', () => {
    const { store } = browser();
    store.getState().assistantPicked('B', writer);
    store.getState().conversationOpened('A', research, 'gpt-4.1');
    expect(store.getState().assistant).toEqual(research);
    expect(modelOf(store.getState(), 'A')).toBe('gpt-4.1');
    store.getState().conversationOpened('A', research, '');
    expect(modelOf(store.getState(), 'A')).toBe('');
  });

  it('is never written to storage: the assistant, the ones added by ID and the stream switch are', async () => {
    const { local, web, store } = browser();
    store.getState().assistantPicked('A', research);
    store.getState().modelChosen('A', 'gpt-4.1');
    store.getState().streamModeChanged(false);
    web.flush();
    const stored = local.getItem(web.key('selection')) ?? '';
    expect(stored).toContain('Research');
    expect(stored).not.toContain('gpt-4.1');
    // The next page load (or the next person on this browser) starts with no override anywhere.
    const again = browser(local).store;
    await again.persist.rehydrate();
    expect(again.getState().assistant).toEqual(research);
    expect(again.getState().streamAnswers).toBe(false);
    expect(again.getState().models).toEqual({});
  });

  it('drops the one override for every chat that earlier versions kept, and keeps the rest', async () => {
    const { local, web } = browser();
    local.setItem(
      web.key('selection'),
      JSON.stringify({
        state: { assistant: research, model: 'gpt-4.1', addedAssistants: [writer], streamAnswers: false },
        version: 1,
      }),
    );
    const { store } = browser(local);
    await store.persist.rehydrate();
    expect(store.getState().assistant).toEqual(research);
    expect(store.getState().addedAssistants).toEqual([writer]);
    expect(store.getState().streamAnswers).toBe(false);
    expect(store.getState()).not.toHaveProperty('model');
    expect(modelOf(store.getState(), 'A')).toBe('');
  });
});
