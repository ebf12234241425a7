// One source for the console's security headers: deploy/nginx.conf. The Vite dev and preview servers and
// `npm run serve` all read them from there, so development, e2e and production send the same policy.
import { readFileSync } from 'node:fs';

export const nginxTemplatePath = new URL('./nginx.conf', import.meta.url);

export function readNginxTemplate(): string {
  return readFileSync(nginxTemplatePath, 'utf8');
}

/** The origins the console's browser code talks to, as placeholders of the template want them. */
export interface ConsoleOrigins {
  /** Origin of the API when it is on another origin; '' when apiBaseUrl is a path on the console's origin. */
  API_ORIGIN: string;
  /** Origin of the identity provider; '' without OIDC sign-in. */
  IDP_ORIGIN: string;
}

function originOf(value: unknown): string {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) return '';
  try {
    return new URL(value.trim()).origin;
  } catch {
    return '';
  }
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Reads the origins from a config.json value. It is lenient on purpose: a malformed config still gets a
 * policy (the strictest one, 'self' only), and the console itself explains what is wrong with the file.
 */
export function originsFromConfig(config: unknown): ConsoleOrigins {
  const api = originOf(field(config, 'apiBaseUrl'));
  const idp = originOf(field(field(field(config, 'auth'), 'oidc'), 'authority'));
  // One platform often serves both (the local one does): name it once.
  return { API_ORIGIN: api === idp ? '' : api, IDP_ORIGIN: idp };
}

/** Replaces `${NAME}` for every given name; fails on a placeholder left without a value. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const body = template
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n');
  const missing = [...body.matchAll(/\$\{(\w+)\}/g)]
    .map((match) => match[1])
    .filter((name) => name !== undefined && !(name in values));
  if (missing.length > 0) throw new Error(`deploy/nginx.conf: no value for ${[...new Set(missing)].join(', ')}`);
  return body.replace(/\$\{(\w+)\}/g, (_placeholder, name: string) => values[name] ?? '');
}

/**
 * The lines of the template that are directly in its `server` block: a location's own headers (the API proxy's
 * sandbox) are not the console's.
 */
function serverLevel(template: string): string {
  let depth = 0;
  const kept: string[] = [];
  for (const line of template.split('\n')) {
    const code = line.trimStart().startsWith('#') ? '' : line;
    if (depth === 1) kept.push(code);
    depth += (code.match(/\{/g) ?? []).length - (code.match(/\}/g) ?? []).length;
  }
  return kept.join('\n');
}

/**
 * The fixed `add_header Name "value" always;` lines of the template, filled with the origins. Headers whose
 * value is an nginx variable (Cache-Control by path) are nginx's business and left out.
 */
export function securityHeaders(template: string, origins: ConsoleOrigins): Array<[name: string, value: string]> {
  const headers: Array<[string, string]> = [];
  for (const match of serverLevel(template).matchAll(/^\s*add_header\s+([\w-]+)\s+"([^"]*)"\s+always;/gm)) {
    const [, name = '', raw = ''] = match;
    const value = raw.replace(/\$\{(\w+)\}/g, (_placeholder, key: string) =>
      key in origins ? origins[key as keyof ConsoleOrigins] : `\${${key}}`,
    );
    if (value.includes('$'))
      throw new Error(`deploy/nginx.conf: ${name} uses a placeholder other than API_ORIGIN and IDP_ORIGIN`);
    headers.push([name, value.replace(/\s+/g, ' ').replace(/ ;/g, ';').trim()]);
  }
  if (!headers.some(([name]) => name.toLowerCase() === 'content-security-policy')) {
    throw new Error('deploy/nginx.conf: no Content-Security-Policy header found');
  }
  return headers;
}

/** Changes one directive of a policy ("connect-src", sources to add), keeping the others as they are. */
export function extendDirective(policy: string, directive: string, ...sources: string[]): string {
  return policy
    .split(';')
    .map((part) => part.trim())
    .map((part) => (part.split(' ')[0] === directive ? [part, ...sources].join(' ') : part))
    .join('; ');
}
