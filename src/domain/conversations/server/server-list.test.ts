import { describe, expect, it } from 'vitest';
import { isAutomaticName, mergeConversationLists, serverSummary, serverTitle } from './server-list';

const cut = 'Explain PKCE and compare it with the implicit flow'.slice(0, 47);

describe('the title a server conversation shows', () => {
  it('writes a name the server cut with "..." as the console cuts, with "…"', () => {
    expect(serverSummary({ id: 'c1', name: `${cut}...` }).title).toBe(`${cut}…`);
    expect(serverTitle(`${cut}...`, undefined)).toBe(`${cut}…`);
    const [row] = mergeConversationLists([], [{ id: 'c1', name: `${cut}...` }]);
    expect(row?.title).toBe(`${cut}…`);
  });

  it('keeps a title this browser has over the server’s automatic name, and a chosen name over both', () => {
    expect(isAutomaticName(`${cut}...`, undefined)).toBe(true);
    expect(serverTitle(`${cut}...`, 'Explain PKCE and compare it with the implicit flow')).toBe(
      'Explain PKCE and compare it with the implicit flow',
    );
    expect(serverTitle('PKCE notes', 'Explain PKCE')).toBe('PKCE notes');
    expect(serverTitle('', 'Explain PKCE')).toBe('Explain PKCE');
  });
});

describe('finished chats in the rail', () => {
  it('takes finished_at from the server’s list, over a local entry too; a 2.42 list (no key) leaves it open', () => {
    const local = { ...serverSummary({ id: 'c1', name: 'Kept here' }), updatedAt: 1 };
    const at = '2026-11-29T10:00:00.000000';
    const [row] = mergeConversationLists([local], [{ id: 'c1', name: 'Kept here', finished_at: at }]);
    expect(row?.finishedAt).toBe(Date.UTC(2026, 10, 29, 10));
    expect(serverSummary({ id: 'c2', finished_at: null }).finishedAt).toBeUndefined();
    expect(mergeConversationLists([local], [{ id: 'c1', name: 'Kept here' }])[0]?.finishedAt).toBeUndefined();
  });
});
