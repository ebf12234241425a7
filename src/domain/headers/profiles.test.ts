import { describe, expect, it } from 'vitest';
import { exportProfiles, parseProfileImport, uniqueProfileName, type HeaderProfile } from './profiles';

const ids = () => {
  let count = 0;
  return () => `id-${(count += 1)}`;
};

const refusal = (text: string) => {
  const result = parseProfileImport(text, ids());
  return result.ok ? [] : result.problems;
};

describe('uniqueProfileName', () => {
  it('keeps a free name and numbers a taken one, ignoring case', () => {
    expect(uniqueProfileName('Tenant A', ['Default'])).toBe('Tenant A');
    expect(uniqueProfileName('tenant a', ['Tenant A', 'Tenant A 2'])).toBe('tenant a 3');
    expect(uniqueProfileName('  ', [])).toBe('Profile');
  });
});

describe('profile import and export', () => {
  const profiles: HeaderProfile[] = [
    {
      id: 'p1',
      name: 'Tenant A',
      rows: [
        { id: 'r1', name: 'X-Tenant-ID', value: 'acme', enabled: true },
        { id: 'r2', name: 'X-Request-ID', value: '{{uuid}}', enabled: false },
      ],
    },
    { id: 'p2', name: 'Empty', rows: [] },
  ];

  it('round-trips names, headers and enabled flags, with new ids', () => {
    const text = exportProfiles(profiles, new Date('2026-11-22T00:00:00Z'));
    expect(text).toContain('"exportedAt": "2026-11-22T00:00:00.000Z"');
    const result = parseProfileImport(text, ids());
    expect(result).toEqual({
      ok: true,
      warnings: [],
      profiles: [
        {
          id: 'id-3',
          name: 'Tenant A',
          rows: [
            { id: 'id-1', name: 'X-Tenant-ID', value: 'acme', enabled: true, secret: false },
            { id: 'id-2', name: 'X-Request-ID', value: '{{uuid}}', enabled: false, secret: false },
          ],
        },
        { id: 'id-4', name: 'Empty', rows: [] },
      ],
    });
  });

  it('leaves secret values out of the file unless asked, and keeps the secret mark on import', () => {
    const secret: HeaderProfile[] = [
      {
        id: 'p',
        name: 'Keys',
        rows: [{ id: 'r', name: 'X-Api-Key', value: 'k-live-123', enabled: true, secret: true }],
      },
    ];
    const now = new Date('2026-11-22T00:00:00Z');
    const masked = exportProfiles(secret, now);
    expect(masked).not.toContain('k-live-123');
    expect(parseProfileImport(masked, ids())).toMatchObject({
      ok: true,
      profiles: [{ rows: [{ name: 'X-Api-Key', value: '', secret: true }] }],
    });
    const whole = exportProfiles(secret, now, { includeSecrets: true });
    expect(parseProfileImport(whole, ids())).toMatchObject({
      ok: true,
      profiles: [{ rows: [{ name: 'X-Api-Key', value: 'k-live-123', secret: true }] }],
    });
  });

  it('keeps the marks of a shared profile: a credential-like name made plain stays plain, a secret by name stays secret', () => {
    const marked: HeaderProfile[] = [
      {
        id: 'p',
        name: 'Shared',
        rows: [
          { id: 'a', name: 'X-Session-Id', value: 'sess-visible-1', enabled: true, secret: false },
          { id: 'b', name: 'X-Auth-Token', value: 'tok-hidden-1', enabled: true },
          { id: 'c', name: 'X-Tenant-ID', value: 'acme', enabled: true, secret: true },
        ],
      },
    ];
    const text = exportProfiles(marked, new Date('2026-11-22T00:00:00Z'));
    expect(text).toContain('sess-visible-1');
    expect(text).not.toContain('tok-hidden-1');
    expect(text).not.toContain('acme');
    expect(parseProfileImport(text, ids())).toMatchObject({
      ok: true,
      profiles: [
        {
          rows: [
            { name: 'X-Session-Id', value: 'sess-visible-1', secret: false },
            { name: 'X-Auth-Token', value: '', secret: true },
            { name: 'X-Tenant-ID', value: '', secret: true },
          ],
        },
      ],
    });
  });

  it('accepts a bare list and headers written as an object', () => {
    const result = parseProfileImport(JSON.stringify([{ name: 'B', headers: { 'X-Tenant-ID': 'globex' } }]), ids());
    expect(result.ok && result.profiles[0]?.rows).toEqual([
      { id: 'id-1', name: 'X-Tenant-ID', value: 'globex', enabled: true },
    ]);
  });

  it('refuses a value with a line break, naming its path', () => {
    const problems = refusal(
      JSON.stringify({
        profiles: [{ name: 'Injected', headers: [{ name: 'X-Tenant-ID', value: 'acme\r\nX-Role: admin' }] }],
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^profiles\[0\]\.headers\[0\]\.value: The value has a line break/),
    ]);
  });

  it('names every wrong field, and imports nothing when one is wrong', () => {
    const problems = refusal(
      JSON.stringify({
        profiles: [
          { name: 'Good', headers: [{ name: 'X-A', value: 'a' }] },
          { name: '', headers: [{ name: 'X Bad', value: 1, enabled: 'yes' }, 'text'] },
          {
            name: 'Dup',
            headers: [
              { name: 'X-A', value: 'a' },
              { name: 'x-a', value: 'b' },
            ],
          },
          7,
        ],
      }),
    );
    expect(problems).toEqual([
      'profiles[1].name: expected a non-empty text, found string.',
      'profiles[1].headers[0].value: expected a text, found number.',
      'profiles[1].headers[0].enabled: expected true or false, found string.',
      'profiles[1].headers[1]: expected an object with "name" and "value", found string.',
      expect.stringMatching(/^profiles\[2\]\.headers\[1\]\.name: x-a is already header 1/),
      'profiles[3]: expected an object with "name" and "headers", found number.',
    ]);
  });

  it('explains files that are not profile files', () => {
    expect(refusal('{nope')[0]).toMatch(/^The file is not JSON/);
    expect(refusal('{"profiles": []}')).toEqual(['profiles: the list is empty; there is nothing to import.']);
    expect(refusal('{"name": "x"}')[0]).toContain('no "profiles" list');
    expect(refusal('{"format": "postman", "profiles": []}')[0]).toContain('format: expected');
  });

  it('imports names platforms strip, with a warning', () => {
    const result = parseProfileImport(
      JSON.stringify({ profiles: [{ name: 'K', headers: [{ name: 'X-Api-Key', value: 'k' }] }] }),
      ids(),
    );
    expect(result.ok && result.warnings).toEqual([
      expect.stringMatching(/^K: Header 1 \(X-Api-Key\): X-Api-Key will not be forwarded/),
    ]);
  });
});
