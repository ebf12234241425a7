import { describe, expect, it } from 'vitest';
import { buildSearchIndex, distinctWords, searchIndex, searchTokens } from './search';

const index = buildSearchIndex([
  {
    id: 'pkce',
    words: distinctWords(['Explain PKCE', '## PKCE\nProof Key for Code Exchange protects the authorization code.']),
  },
  { id: 'cafe', words: distinctWords(['Café menus', 'A menu lists the dishes.']) },
  { id: 'tokens', words: distinctWords(['How do refresh tokens work?', 'A refresh token renews the access token.']) },
]);

describe('search across conversations', () => {
  it('folds case and accents into words', () => {
    expect(searchTokens('Café, PKCE-flow 42!')).toEqual(['cafe', 'pkce', 'flow', '42']);
  });

  it('finds conversations whose words start with every word of the query', () => {
    expect(searchIndex(index, 'pkce')).toEqual(new Set(['pkce']));
    expect(searchIndex(index, 'authoriz')).toEqual(new Set(['pkce']));
    expect(searchIndex(index, 'CAFE')).toEqual(new Set(['cafe']));
    expect(searchIndex(index, 'refresh acc')).toEqual(new Set(['tokens']));
    expect(searchIndex(index, 'code refresh')).toEqual(new Set());
    expect(searchIndex(index, 'menu')).toEqual(new Set(['cafe']));
  });

  it('matches everything for an empty query', () => {
    expect(searchIndex(index, '  ,  ')).toBeNull();
  });

  it('keeps a bounded number of distinct words per conversation', () => {
    const many = Array.from({ length: 50 }, (_, i) => `w${i} w${i}`).join(' ');
    expect(distinctWords([many], 10)).toHaveLength(10);
  });

  it('stays fast for thousands of conversations', () => {
    const entries = Array.from({ length: 3000 }, (_, i) => ({
      id: `c${i}`,
      words: distinctWords([`conversation ${i} about topic${i % 97} and ${'lorem ipsum dolor '.repeat(20)} word${i}`]),
    }));
    const big = buildSearchIndex(entries);
    const started = performance.now();
    for (let key = 0; key < 50; key += 1) searchIndex(big, `topic1${key % 10} word`);
    expect(searchIndex(big, 'word2999')).toEqual(new Set(['c2999']));
    expect((performance.now() - started) / 50).toBeLessThan(20);
  });
});
