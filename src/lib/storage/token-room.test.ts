import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStorage, pageWith } from '@/test/memory-storage';
import { useStorageHealth } from './storage-health';
import { tokenStorage } from './token-room';

afterEach(() => useStorageHealth.getState().dismissed());

describe('the sign-in’s tokens keep their room in this tab’s storage', () => {
  it('when the tab’s storage is full of drafts, the drafts make way and the banner says so', () => {
    const session = new MemoryStorage(240);
    session.setItem('assistant-console.workflow-batch-draft:alice', 'x'.repeat(150));
    session.setItem('assistant-console.inspector-tab', 'timing');
    const tokens = tokenStorage(pageWith({ session }));
    tokens.setItem('oidc.user:https://idp:console', 't'.repeat(30));
    expect(tokens.getItem('oidc.user:https://idp:console')).toBe('t'.repeat(30));
    expect(session.getItem('assistant-console.workflow-batch-draft:alice')).toBeNull();
    expect(session.getItem('assistant-console.inspector-tab')).toBe('timing');
    expect(useStorageHealth.getState().problem?.message).toMatch(/drafts were taken out of it to keep you signed in/);
  });

  it('a full storage with no drafts to drop still fails the write, as before', () => {
    const session = new MemoryStorage(20);
    const tokens = tokenStorage(pageWith({ session }));
    expect(() => tokens.setItem('oidc.user:x', 't'.repeat(30))).toThrow(/quota/);
  });

  it('without sessionStorage at all, tokens live in memory for this page', () => {
    const tokens = tokenStorage(pageWith({ session: 'throws' }));
    tokens.setItem('oidc.user:x', 'token');
    expect(tokens.getItem('oidc.user:x')).toBe('token');
    expect(tokens.length).toBe(1);
  });
});
