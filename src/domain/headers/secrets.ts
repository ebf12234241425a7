import { minScrubbed, secretMatcher, type SecretMatcher } from './secret-forms';

/**
 * Secret header values: sent on the wire, and nowhere else. Every copy the console keeps or shows (turns, runs,
 * stashes, the request log, exports, previews, curl) carries the mask in their place, applied where the copy is made.
 */
export const secretMask = '••••••';

const secretWords = [
  'key',
  'token',
  'secret',
  'password',
  'passwd',
  'auth',
  'credential',
  'session',
  'cookie',
  'signature',
];

/** The words of a header name: `X-Api-Key` → x, api, key; `X-AuthToken` → x, auth, token. */
const nameParts = (name: string): string[] =>
  name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== '');

/** The credential word a header name holds, as a word or the start or end of one (`X-Apikey`, `X-Sessionid`). */
export function credentialWordOf(name: string): string | null {
  for (const part of nameParts(name))
    for (const word of secretWords) if (part === word || part.startsWith(word) || part.endsWith(word)) return word;
  return null;
}

/** Names that usually carry a credential (`X-Api-Key`, `X-Auth-Token`, `X-Session-Id`, …): secret unless made plain. */
export const looksSecret = (name: string): boolean => credentialWordOf(name) !== null;

/**
 * Whether a row's value is secret: as the person marked it, or, until they decide, by its name (a header named like a
 * credential is secret as soon as it is named).
 */
export const isSecretRow = (row: { name: string; secret?: boolean | undefined }): boolean =>
  row.secret ?? looksSecret(row.name);

/** Why a row is secret without the person having said so; null when they decided or the name says nothing. */
export const secretByNameReason = (row: { name: string; secret?: boolean | undefined }): string | null =>
  row.secret === undefined && looksSecret(row.name) ? 'Secret because its name looks like a credential.' : null;

const tokenFormats: readonly { kind: string; pattern: RegExp }[] = [
  { kind: 'a JSON Web Token', pattern: /^eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*$/ },
  { kind: 'an OpenAI-style API key (sk-…)', pattern: /^sk-[\w-]{16,}$/ },
  { kind: 'a GitHub token', pattern: /^(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,})$/ },
  { kind: 'a Slack token', pattern: /^xox[abprs]-[\w-]{10,}$/ },
  { kind: 'an AWS access key', pattern: /^(AKIA|ASIA)[0-9A-Z]{16}$/ },
  { kind: 'a bearer token', pattern: /^Bearer\s+\S{16,}$/i },
  { kind: 'a long hexadecimal secret', pattern: /^[0-9a-f]{32,}$/i },
  // Long base64 with letters of both cases and digits: random bytes, not a word or an id people type.
  {
    kind: 'a long base64 secret',
    pattern: /^(?=[^]*[a-z])(?=[^]*[A-Z])(?=[^]*[0-9])[A-Za-z0-9+/_-]{32,}={0,2}$/,
  },
];

/** What kind of credential a value looks like (a JWT, `sk-…`, `ghp_…`, long hex or base64), or null. */
export function tokenFormatOf(value: string): string | null {
  const text = value.trim();
  if (text.includes('{{')) return null;
  return tokenFormats.find((format) => format.pattern.test(text))?.kind ?? null;
}

const lower = (names: Iterable<string>) => new Set([...names].map((name) => name.trim().toLowerCase()));

/** Header pairs with the values of secret names replaced by the mask. */
export function maskHeaderPairs(
  headers: readonly (readonly [string, string])[],
  secretNames: Iterable<string>,
): [string, string][] {
  const secret = lower(secretNames);
  return headers.map(([name, value]) => [name, secret.has(name.toLowerCase()) ? secretMask : value]);
}

/**
 * Header names that reverse proxies and frameworks act on (client address, original URL, method override): accepted,
 * but said, since a proxy on the way may rewrite them or route the request by them.
 */
const proxySensitive = [
  /^x-forwarded(-.*)?$/i,
  /^x-real-ip$/i,
  /^x-client-ip$/i,
  /^x-cluster-client-ip$/i,
  /^x-original-(url|uri|host|forwarded-for)$/i,
  /^x-rewrite-url$/i,
  /^x-http-method(-override)?$/i,
  /^x-method-override$/i,
  /^x-host$/i,
  /^x-forwarded-server$/i,
  /^x-proxyuser-ip$/i,
];

export const isProxySensitive = (name: string): boolean => proxySensitive.some((rule) => rule.test(name.trim()));

interface SecretRowLike {
  id: string;
  name: string;
  value: string;
  secret?: boolean | undefined;
}

/**
 * Values whose older copies should go now: a row just marked secret (it may have been sent, and kept, before), and
 * secret rows that were removed, alone or with their profile. Template values differ per call and are left out.
 */
export function valuesToScrub(
  previous: readonly { rows: readonly SecretRowLike[] }[],
  next: readonly { rows: readonly SecretRowLike[] }[],
): string[] {
  const before = new Map(previous.flatMap((profile) => profile.rows).map((row) => [row.id, row]));
  const after = new Map(next.flatMap((profile) => profile.rows).map((row) => [row.id, row]));
  const values = new Set<string>();
  for (const row of after.values())
    if (isSecretRow(row) && before.has(row.id) && !isSecretRow(before.get(row.id) ?? row)) values.add(row.value.trim());
  for (const row of before.values()) if (isSecretRow(row) && !after.has(row.id)) values.add(row.value.trim());
  return [...values].filter((value) => value.length >= minScrubbed && !value.includes('{{'));
}

/**
 * Values secret only by their row's name (the person never marked them either way): a console that kept them plain
 * before names were secret by default may hold copies of them, masked once the profiles are read.
 */
export const secretByNameValues = (profiles: readonly { rows: readonly SecretRowLike[] }[]): string[] => [
  ...new Set(
    profiles
      .flatMap((profile) => profile.rows)
      .filter((row) => row.secret === undefined && looksSecret(row.name))
      .map((row) => row.value.trim())
      .filter((value) => value.length >= minScrubbed && !value.includes('{{')),
  ),
];

/**
 * A stored record with every secret value in its texts masked; the same object when it holds none. Many records are
 * best scrubbed with one matcher (`secretMatcher(values)`): building one costs milliseconds.
 */
export function scrubRecord<T>(record: T, values: readonly string[] | SecretMatcher): T {
  const matcher = 'scrub' in values ? values : secretMatcher(values);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return matcher.scrub(value, secretMask);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  return matcher.test(JSON.stringify(record) ?? '') ? (walk(record) as T) : record;
}
