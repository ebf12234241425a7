import { secretMatcher } from './secret-forms';
import fc from 'fast-check';
import { secretVariable } from '@/domain/calls/curl';
import { describe, expect, it } from 'vitest';
import { nameIssues } from './header-rules';
import {
  isProxySensitive,
  isSecretRow,
  looksSecret,
  secretByNameReason,
  tokenFormatOf,
  maskHeaderPairs,
  scrubRecord,
  secretMask,
  valuesToScrub,
} from './secrets';

/** The text with every form of the values masked, as every copy the console keeps is. */
const scrubSecrets = (text: string, values: readonly string[]) => secretMatcher(values).scrub(text, secretMask);

describe('looksSecret', () => {
  it('takes names holding a credential word as a word or part of one, in any case', () => {
    for (const name of [
      'X-Api-Key',
      'x-auth-token',
      'X-CLIENT-SECRET',
      'X-Db-Password',
      'X-Authorization-Extra',
      'X-Session-Id',
      'X-Apikey',
      'X-AuthToken',
      'X-Upstream-Cookie',
      'X-Hub-Signature',
      'X-Service-Credentials',
    ])
      expect(looksSecret(name), name).toBe(true);
    for (const name of ['X-Tenant-ID', 'X-Correlation-ID', 'X-User-Role', 'X-Request-ID', 'X-Locale'])
      expect(looksSecret(name), name).toBe(false);
  });
});

describe('isSecretRow and secretByNameReason', () => {
  it('follows the person’s mark, and the name until they decide', () => {
    expect(isSecretRow({ name: 'X-Api-Key' })).toBe(true);
    expect(secretByNameReason({ name: 'X-Api-Key' })).toBe('Secret because its name looks like a credential.');
    expect(isSecretRow({ name: 'X-Api-Key', secret: false })).toBe(false);
    expect(secretByNameReason({ name: 'X-Api-Key', secret: false })).toBeNull();
    expect(isSecretRow({ name: 'X-Api-Key', secret: true })).toBe(true);
    expect(secretByNameReason({ name: 'X-Api-Key', secret: true })).toBeNull();
    expect(isSecretRow({ name: 'X-Tenant-ID' })).toBe(false);
    expect(isSecretRow({ name: 'X-Tenant-ID', secret: true })).toBe(true);
  });
});

describe('tokenFormatOf', () => {
  it('knows JWTs, sk- and ghp_ keys, long hex and base64; not ids, words or templates', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbmEifQ.c2lnbmF0dXJlLWhlcmU';
    expect(tokenFormatOf(jwt)).toBe('a JSON Web Token');
    expect(tokenFormatOf('sk-proj-abcdefghijklmnop1234')).toBe('an OpenAI-style API key (sk-…)');
    expect(tokenFormatOf('ghp_0123456789abcdefghijABCDEFGHIJ')).toBe('a GitHub token');
    expect(tokenFormatOf('0123456789abcdef0123456789abcdef')).toBe('a long hexadecimal secret');
    expect(tokenFormatOf('dGhpcyBpcyBhIHNlY3JldCB2YWx1ZSAxMjM0NTY3OA==')).toBe('a long base64 secret');
    for (const plain of ['acme', '3f2b1c9e-8d7a-4b6c-9e1f-2a3b4c5d6e7f', 'analyst', '{{uuid}}', 'sk-short'])
      expect(tokenFormatOf(plain), plain).toBeNull();
  });
});

describe('secretVariable', () => {
  it('names the shell variable after the header', () => {
    expect(secretVariable('X-Api-Key')).toBe('X_API_KEY');
    expect(secretVariable(' x-odd.$name ')).toBe('X_ODD_NAME');
    expect(secretVariable('9-lives')).toBe('_9_LIVES');
  });
});

describe('masking', () => {
  it('masks the values of secret names only, ignoring case', () => {
    expect(
      maskHeaderPairs(
        [
          ['X-Api-Key', 'k-123'],
          ['X-Tenant-ID', 'acme'],
        ],
        ['x-api-key'],
      ),
    ).toEqual([
      ['X-Api-Key', secretMask],
      ['X-Tenant-ID', 'acme'],
    ]);
  });
});

describe('scrubSecrets', () => {
  it('masks a value as is and as JSON writes it once and twice (a tool report inside a chunk)', () => {
    const value = 'k"ey\\1234';
    const report = JSON.stringify({ received_headers: { 'x-api-key': value } });
    const chunk = JSON.stringify({ output: report });
    expect(scrubSecrets(`plain ${value} text`, [value])).toBe(`plain ${secretMask} text`);
    expect(scrubSecrets(report, [value])).not.toContain('1234');
    expect(scrubSecrets(chunk, [value])).not.toContain('1234');
    expect(JSON.parse(JSON.parse(scrubSecrets(chunk, [value])).output)).toEqual({
      received_headers: { 'x-api-key': secretMask },
    });
  });

  it('masks a value written with \\u escapes (servers that write JSON in ASCII)', () => {
    expect(scrubSecrets('{"v":"p\\u00e4ss-1"}', ['päss-1'])).toBe(`{"v":"${secretMask}"}`);
  });

  it('leaves short values and texts without secrets unchanged', () => {
    expect(scrubSecrets('a b abc', ['abc', 'a'])).toBe('a b abc');
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!text.includes('s3cr3t-v'));
        return scrubSecrets(text, ['s3cr3t-v']) === text;
      }),
    );
  });

  it('never leaves a secret in the result, wherever it sits in the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const scrubbed = scrubSecrets(`${before}top-secret-42${after}`, ['top-secret-42', 'secret-4']);
        return !scrubbed.includes('top-secret-42') && !scrubbed.includes('secret-4');
      }),
    );
  });
});

describe('proxy-sensitive names', () => {
  it('are recognised, and accepted with a warning that says proxies act on them', () => {
    for (const name of ['X-Forwarded-For', 'x-forwarded-host', 'X-HTTP-Method-Override', 'X-Original-URL'])
      expect(isProxySensitive(name)).toBe(true);
    for (const name of ['X-Rewrite-URL', 'X-Real-IP']) expect(isProxySensitive(name)).toBe(true);
    expect(isProxySensitive('X-Tenant-ID')).toBe(false);
    const issues = nameIssues('X-Forwarded-For');
    expect(issues).toEqual([
      {
        level: 'warning',
        field: 'name',
        message: expect.stringContaining('Proxies and frameworks act on X-Forwarded-For'),
      },
    ]);
    expect(nameIssues('X-Tenant-ID')).toEqual([]);
  });
});

describe('valuesToScrub', () => {
  const row = (id: string, value: string, secret?: boolean) => ({
    id,
    name: 'X-Tenant-ID',
    value,
    ...(secret ? { secret } : {}),
  });
  it('names a value just marked secret and the values of removed secret rows, never one being typed', () => {
    expect(valuesToScrub([{ rows: [row('a', 'k-123')] }], [{ rows: [row('a', 'k-1234')] }])).toEqual([]);
    expect(valuesToScrub([{ rows: [row('a', 'k-123', true)] }], [{ rows: [row('a', 'k-1234', true)] }])).toEqual([]);
    expect(valuesToScrub([{ rows: [row('a', ' k-123 ')] }], [{ rows: [row('a', ' k-123 ', true)] }])).toEqual([
      'k-123',
    ]);
    expect(valuesToScrub([{ rows: [row('a', 'k-123', true), row('b', 'plain')] }], [])).toEqual(['k-123']);
    expect(valuesToScrub([{ rows: [row('a', '{{uuid}}')] }], [{ rows: [row('a', '{{uuid}}', true)] }])).toEqual([]);
  });
});

describe('scrubRecord', () => {
  it('masks every text of a record, and hands back the same record when it holds no secret', () => {
    const record = { owner: 'ana', answer: { text: 'got k-123' }, list: ['k-123', 3, null] };
    expect(scrubRecord(record, ['k-123'])).toEqual({
      owner: 'ana',
      answer: { text: `got ${secretMask}` },
      list: [secretMask, 3, null],
    });
    expect(scrubRecord(record, ['other'])).toBe(record);
  });
});
