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
