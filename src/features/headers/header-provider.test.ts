// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { servicesForTest } from '@/test/render-with-services';
import { createHeaderProvider } from './header-provider';
import { createProfilesStore } from './profiles/profiles-store';

const withRows = (store: ReturnType<typeof createProfilesStore>, rows: Record<string, string>) => {
  store.getState().loaded({ profiles: [], activeId: null, forwarding: true });
  const { activeId, rowAdded } = store.getState();
  for (const [name, value] of Object.entries(rows)) rowAdded(activeId ?? '', { name, value });
};

describe('the header provider', () => {
  it('fills the templates of the active profile from the person it was built for, fresh on every call', () => {
    const store = createProfilesStore('alice-sub', { sub: 'alice-sub', email: 'alice@example.test' });
    withRows(store, { 'X-User': '{{user.sub}} {{user.email}}', 'X-Conversation': '{{conversation_id}}' });
    const provider = createHeaderProvider(store);
    const decision = provider.headersFor({ kind: 'assistant', conversationId: 'c-1' });
    expect(decision.ok && decision.forwarded.headers.map((header) => [header.name, header.value])).toEqual([
      ['X-User', 'alice-sub alice@example.test'],
      ['X-Conversation', 'c-1'],
    ]);
    store.getState().forwardingChanged(false);
    const off = provider.headersFor({ kind: 'assistant' });
    expect(off.ok && off.forwarded).toMatchObject({
      propagate: false,
      headers: [],
      notSent: ['X-User', 'X-Conversation'],
    });
  });

  it('blocks a call whose template has no value (no email from the identity provider)', () => {
    const store = createProfilesStore('bob', { sub: 'bob' });
    withRows(store, { 'X-Email': '{{user.email}}' });
    const decision = createHeaderProvider(store).headersFor({ kind: 'workflow' });
    expect(decision.ok).toBe(false);
  });

  it('is built by the composition root over the signed-in person’s own profiles and email', () => {
    const { services } = servicesForTest({ owner: 'carol', email: 'carol@example.test', start: false });
    expect(services.headers.profiles.getState().user).toEqual({ sub: 'carol', email: 'carol@example.test' });
    const other = servicesForTest({ owner: 'dave', start: false }).services;
    services.headers.profiles.getState().loaded({ profiles: [], activeId: null, forwarding: false });
    expect(other.headers.profiles.getState()).toMatchObject({ status: 'idle', profiles: [], forwarding: true });
  });
});
