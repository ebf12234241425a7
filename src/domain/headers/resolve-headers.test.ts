import { describe, expect, it } from 'vitest';
import type { HeaderRow } from './profiles';
import { maskResolved, resolveHeaders } from './resolve-headers';
import { placeholdersIn, resolveTemplate, type TemplateContext } from './templates';

const row = (name: string, value: string, enabled = true): HeaderRow => ({
  id: `${name}-${value}`,
  name,
  value,
  enabled,
});

function counter(): () => string {
  let count = 0;
  return () => `uuid-${(count += 1)}`;
}

const chat = (extra: Partial<TemplateContext> = {}): TemplateContext => ({
  uuid: counter(),
  now: () => new Date('2026-11-22T10:00:00.000Z'),
  purpose: 'assistant call',
  conversationId: 'conv-1',
  user: { sub: 'user-7', email: 'ana@example.com' },
  ...extra,
});

describe('resolveHeaders', () => {
  it('fills every placeholder, sharing one uuid across the headers of one request', () => {
    const result = resolveHeaders(
      [
        row('X-Correlation-ID', '{{uuid}}'),
        row('X-Request-ID', 'req-{{ uuid }}'),
        row('X-User-Context', '{{user.sub}} <{{user.email}}>'),
        row('X-Sent-At', '{{now}}'),
        row('X-Conv', '{{conversation_id}}'),
      ],
      chat(),
    );
    expect(result).toEqual({
      ok: true,
      headers: [
        { name: 'X-Correlation-ID', template: '{{uuid}}', value: 'uuid-1', stripped: false, secret: false },
        { name: 'X-Request-ID', template: 'req-{{ uuid }}', value: 'req-uuid-1', stripped: false, secret: false },
        {
          name: 'X-User-Context',
          template: '{{user.sub}} <{{user.email}}>',
          value: 'user-7 <ana@example.com>',
          stripped: false,
          secret: false,
        },
        { name: 'X-Sent-At', template: '{{now}}', value: '2026-11-22T10:00:00.000Z', stripped: false, secret: false },
        { name: 'X-Conv', template: '{{conversation_id}}', value: 'conv-1', stripped: false, secret: false },
      ],
    });
  });

  it('draws a fresh uuid for every request', () => {
    const context = chat();
    const values = [
      resolveHeaders([row('X-Id', '{{uuid}}')], context),
      resolveHeaders([row('X-Id', '{{uuid}}')], context),
    ].map((result) => (result.ok ? result.headers[0]?.value : null));
    expect(values).toEqual(['uuid-1', 'uuid-2']);
  });

  it('blocks a placeholder the request cannot fill, and never sends it literally', () => {
    const result = resolveHeaders([row('X-Session', '{{session_id}}')], chat());
    expect(result).toEqual({
      ok: false,
      problems: [
        'Header 1 (X-Session): {{session_id}} has no value in an assistant call (only workflow runs with a session id have one).',
      ],
    });
    const noEmail = resolveHeaders([row('X-Who', '{{user.email}}')], chat({ user: { sub: 'u' } }));
    expect(noEmail.ok ? null : noEmail.problems[0]).toContain('{{user.email}} has no value');
    const run = resolveHeaders(
      [row('X-Session', '{{session_id}}')],
      chat({ purpose: 'workflow run', sessionId: 's-1' }),
    );
    expect(run.ok && run.headers[0]?.value).toBe('s-1');
  });

  it('blocks rows with errors, and values that become invalid once filled in', () => {
    const bad = resolveHeaders([row('X-Tenant ID', 'acme')], chat());
    expect(bad.ok ? [] : bad.problems).toEqual([
      expect.stringMatching(/^Header 1 \(X-Tenant ID\): The name has a space/),
    ]);
    const injected = resolveHeaders(
      [row('X-Conv', '{{conversation_id}}')],
      chat({ conversationId: 'c\r\nX-Role: admin' }),
    );
    expect(injected.ok ? [] : injected.problems).toEqual([
      expect.stringContaining('once filled in, the value has a line break'),
    ]);
  });

  it('sends enabled rows only, trimmed, and marks names platforms strip; a credential-like name is secret', () => {
    const result = resolveHeaders(
      [row(' X-Tenant-ID ', ' acme '), row('X-Off', 'x', false), row('X-Api-Key', 'k')],
      chat(),
    );
    expect(result).toEqual({
      ok: true,
      headers: [
        { name: 'X-Tenant-ID', template: ' acme ', value: 'acme', stripped: false, secret: false },
        { name: 'X-Api-Key', template: 'k', value: 'k', stripped: true, secret: true },
      ],
    });
  });
});

describe('maskResolved', () => {
  it('keeps a secret value for the wire only: the shown copy holds the mask, value and template alike', () => {
    const resolved = resolveHeaders(
      [row('X-Tenant-ID', 'acme'), { ...row('X-Service-Token', ' s3cr3t-value '), secret: true }],
      chat(),
    );
    if (!resolved.ok) throw new Error('expected the headers to resolve');
    const { shown, secrets } = maskResolved(resolved.headers);
    expect(shown).toEqual([
      { name: 'X-Tenant-ID', template: 'acme', value: 'acme', stripped: false, secret: false },
      { name: 'X-Service-Token', template: '••••••', value: '••••••', stripped: false, secret: true },
    ]);
    expect(secrets).toEqual({ 'X-Service-Token': 's3cr3t-value' });
    expect(JSON.stringify(shown)).not.toContain('s3cr3t');
  });
});

describe('templates', () => {
  it('lists placeholders in order, trimmed', () => {
    expect(placeholdersIn('{{ uuid }}/{{now}}/{{}}')).toEqual(['uuid', 'now', '']);
  });

  it('reports the first problem of a value', () => {
    expect(resolveTemplate('{{tenant}}', chat(), () => 'u')).toEqual({
      ok: false,
      problem: expect.stringContaining('Unknown placeholder {{tenant}}'),
    });
    expect(resolveTemplate('a}}', chat(), () => 'u')).toEqual({ ok: false, problem: '“}}” closes no “{{”.' });
    expect(resolveTemplate('plain', chat(), () => 'u')).toEqual({ ok: true, value: 'plain' });
  });
});
