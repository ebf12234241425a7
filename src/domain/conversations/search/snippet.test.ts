import { describe, expect, it } from 'vitest';
import { highlight, matchesAll, plainLine, snippet, type TextPart } from './snippet';

/** A snippet written the way it reads, matches in [brackets]. */
const read = (parts: TextPart[] | null) =>
  parts?.map((part) => (part.match ? `[${part.text}]` : part.text)).join('') ?? null;

const answer =
  'Proof Key for Code Exchange protects the authorization code: the client sends a hashed verifier first, then the verifier itself when it redeems the code, so a stolen code is useless.';

describe('the snippet of a search hit', () => {
  it('shows about 60 characters around the first match, cut at words, with ellipses where the text goes on', () => {
    const parts = read(snippet([answer], 'verifier'));
    expect(parts).toBe('…sends a hashed [verifier] first, then the [verifier] itself…');
    expect((parts ?? '').replace(/[[\]…]/g, '').length).toBeLessThanOrEqual(60);
  });

  it('matches without regard to case, and highlights the text as written', () => {
    expect(read(snippet(['Nothing here.', 'Use PKCE with every public client.'], 'pkce'))).toBe(
      'Use [PKCE] with every public client.',
    );
  });

  it('has no leading ellipsis for a match at the start, and no trailing one for a match at the end', () => {
    const atStart = read(snippet([answer], 'proof'));
    expect(atStart).toMatch(/^\[Proof\] Key for Code Exchange .*…$/);
    const atEnd = read(snippet([answer], 'useless'));
    expect(atEnd).toMatch(/^….* is \[useless\]\.$/);
  });

  it('highlights the typed start of a longer word, as the search finds it', () => {
    expect(read(snippet(['The authorization server answers.'], 'author'))).toBe('The [author]ization server answers.');
  });

  it('folds accents both ways, and keeps whole letters of text written in other scripts', () => {
    expect(read(snippet(['Un café crème, s’il vous plaît.'], 'cafe creme'))).toBe(
      'Un [café] [crème], s’il vous plaît.',
    );
    // Decomposed text (e + combining acute) is highlighted with its accent.
    expect(read(snippet(['Un cafe\u0301 noir'], 'CAFE'))).toBe('Un [cafe\u0301] noir');
    expect(read(snippet(['東京 と Straße と Ωμέγα'], 'ωμεγα'))).toBe('東京 と Straße と [Ωμέγα]');
    expect(read(snippet(['Emoji 🎉 then naïve text'], 'naive'))).toBe('Emoji 🎉 then [naïve] text');
  });

  it('highlights every word of the query, and prefers the passage holding the most of them', () => {
    const texts = [
      'How do refresh tokens work?',
      'A refresh token renews the access token without asking the person again.',
    ];
    expect(read(snippet(texts, 'refresh access'))).toBe(
      'A [refresh] token renews the [access] token without asking the…',
    );
    expect(read(snippet(texts, 'token ref'))).toBe('How do [ref]resh [token]s work?');
  });

  it('reads markdown as plain prose', () => {
    expect(plainLine('## PKCE\n\n- **Proof** key for `code`\n> see [the RFC](https://example.com/rfc)')).toBe(
      'PKCE Proof key for code see the RFC',
    );
    expect(read(snippet(['## Steps\n1. Send the **verifier**'], 'verifier'))).toBe('Steps Send the [verifier]');
  });

  it('is null when nothing matches, or for an empty query', () => {
    expect(snippet([answer], 'websocket')).toBeNull();
    expect(snippet([answer], ' , ')).toBeNull();
    expect(snippet([], 'code')).toBeNull();
  });
});

describe('a title in the search results', () => {
  it('highlights each match in the title', () => {
    expect(read(highlight('Compare SSE and WebSockets', 'web sse'))).toBe('Compare [SSE] and [Web]Sockets');
    expect(read(highlight('Compare SSE and WebSockets', 'pkce'))).toBe('Compare SSE and WebSockets');
  });

  it('says whether the title alone explains the hit', () => {
    expect(matchesAll('Compare SSE and WebSockets', 'sse WEB')).toBe(true);
    expect(matchesAll('Compare SSE and WebSockets', 'sse earlier')).toBe(false);
    expect(matchesAll('Compare SSE and WebSockets', '')).toBe(false);
  });
});
