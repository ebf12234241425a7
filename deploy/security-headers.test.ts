import { describe, expect, it } from 'vitest';
import {
  extendDirective,
  fillTemplate,
  originsFromConfig,
  readNginxTemplate,
  securityHeaders,
} from './security-headers';

describe('security headers from deploy/nginx.conf', () => {
  const origins = { API_ORIGIN: 'https://api.example.com', IDP_ORIGIN: 'https://sso.example.com' };

  it('reads the strict policy and the other headers, filled with the console origins', () => {
    const headers = new Map(securityHeaders(readNginxTemplate(), origins));
    expect(headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
        "connect-src 'self' https://api.example.com https://sso.example.com; form-action 'self' https://sso.example.com; " +
        "frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
    );
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(headers.has('Cache-Control')).toBe(false);
  });

  it('names no other origin when the API is proxied and there is no OIDC', () => {
    const [, policy = ''] =
      securityHeaders(readNginxTemplate(), originsFromConfig({ apiBaseUrl: '/code-assistant-api' }))[0] ?? [];
    expect(policy).toContain("connect-src 'self'; form-action 'self';");
  });

  it('takes origins from config.json leniently', () => {
    expect(
      originsFromConfig({
        apiBaseUrl: 'https://api.example.com/code-assistant-api',
        auth: { oidc: { authority: 'https://sso.example.com/realms/x' } },
      }),
    ).toEqual(origins);
    expect(
      originsFromConfig({
        apiBaseUrl: 'http://localhost:8080/api',
        auth: { oidc: { authority: 'http://localhost:8080/auth' } },
      }),
    ).toEqual({
      API_ORIGIN: '',
      IDP_ORIGIN: 'http://localhost:8080',
    });
    for (const broken of [
      null,
      [],
      42,
      { apiBaseUrl: 42 },
      { apiBaseUrl: 'javascript:alert(1)', auth: { oidc: 'x' } },
    ]) {
      expect(originsFromConfig(broken)).toEqual({ API_ORIGIN: '', IDP_ORIGIN: '' });
    }
  });

  it('fills every placeholder of the template, and refuses to leave one empty', () => {
    const values = {
      CONSOLE_LISTEN: '8080',
      CONSOLE_ROOT: '/srv/console',
      CONSOLE_CONFIG_DIR: '/etc/console',
      API_UPSTREAM: 'https://api.example.com',
      ...origins,
    };
    const conf = fillTemplate(readNginxTemplate(), values);
    expect(conf).not.toMatch(/\$\{/);
    expect(conf).toContain('proxy_pass https://api.example.com;');
    expect(conf).toContain('proxy_buffering off;');
    const { API_UPSTREAM: _dropped, ...incomplete } = values;
    expect(() => fillTemplate(readNginxTemplate(), incomplete)).toThrow(/API_UPSTREAM/);
  });

  it('sandboxes what the API proxy serves, as an attachment, with the console headers repeated there', () => {
    const template = readNginxTemplate();
    const filled = fillTemplate(template, {
      CONSOLE_LISTEN: '8080',
      CONSOLE_ROOT: '/srv/console',
      CONSOLE_CONFIG_DIR: '/etc/console',
      API_UPSTREAM: 'https://api.example.com',
      ...origins,
    });
    const api = /location \/code-assistant-api\/ \{([^}]*)\}/.exec(filled)?.[1] ?? '';
    const headers = new Map(
      [...api.matchAll(/^\s*add_header\s+([\w-]+)\s+("[^"]*"|\S+)\s+always;/gm)].map(([, name = '', value = '']) => [
        name,
        value.replace(/^"|"$/g, ''),
      ]),
    );
    expect(headers.get('Content-Security-Policy')).toMatch(/^sandbox; default-src 'none';/);
    expect(headers.get('Content-Disposition')).toBe('$api_content_disposition');
    expect(api).toMatch(/proxy_hide_header Content-Disposition;/);
    // nginx drops the server's add_header lines in a location with its own: each one is there again.
    const console = securityHeaders(template, origins).filter(([name]) => name !== 'Content-Security-Policy');
    expect(console.map(([name]) => name)).toContain('Cross-Origin-Opener-Policy');
    for (const [name, value] of console) expect(headers.get(name), name).toBe(value);
    // The console's own policy is not taken from the proxy's location.
    expect(securityHeaders(template, origins).filter(([name]) => name === 'Content-Security-Policy')).toHaveLength(1);
  });

  it('extends one directive only', () => {
    expect(extendDirective("script-src 'self'; connect-src 'self'", 'connect-src', 'ws://localhost:5173')).toBe(
      "script-src 'self'; connect-src 'self' ws://localhost:5173",
    );
  });
});
