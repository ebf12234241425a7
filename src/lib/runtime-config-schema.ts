// zod/mini, not zod: the sign-in page validates config.json before anything else, and zod's method-chaining API
// cannot be tree-shaken, so it would bring all of zod to a page that needs a few of its checks. The messages are the
// same; runtime-config-schema.test.ts pins them.
import * as z from 'zod/mini';

const nonEmpty = () => z.string().check(z.trim(), z.minLength(1, 'must not be empty'));

const httpUrl = z.string().check(
  z.trim(),
  z.refine((value) => /^https?:\/\/[^/\s]+/i.test(value), 'must be an absolute http(s) URL, e.g. https://host/path'),
);

const baseUrl = z.pipe(
  z.string().check(
    z.trim(),
    z.refine(
      (value) => /^https?:\/\/[^/\s]+/i.test(value) || /^\/[^\s]*$/.test(value),
      'must be an absolute http(s) URL or a path on this origin starting with /, e.g. /code-assistant-api',
    ),
  ),
  z.transform((value: string) => value.replace(/\/+$/, '')),
);

const catalogItem = z.object({
  id: nonEmpty(),
  name: nonEmpty(),
  description: z.optional(z.string()),
});

const modelItem = z.object({
  base_name: nonEmpty(),
  label: z.optional(z.string()),
});

/**
 * How long a stream may stay silent before the console gives up on it (config: streamIdleTimeoutSeconds): the ingress's
 * 600 s, longer than any tool may be silent (MCP 300 s, plugins 302 s, the workspace-script bridge 540 s). On a server
 * that goes on generating, a silent stream is re-attached to once before the answer is called interrupted.
 */
export const defaultStreamIdleTimeoutSeconds = 600;

const configSchema = z.object({
  apiBaseUrl: baseUrl,
  auth: z
    .object({
      oidc: z.optional(
        z.object({
          authority: httpUrl,
          clientId: nonEmpty(),
          scope: z._default(nonEmpty(), 'openid profile email offline_access'),
          providerName: z.optional(z.string()),
          resource: z.optional(httpUrl),
        }),
      ),
      allowAccessTokenPaste: z._default(z.boolean(), true),
    })
    .check(
      z.refine(
        (auth) => auth.oidc !== undefined || auth.allowAccessTokenPaste,
        'enable auth.oidc or auth.allowAccessTokenPaste, else nobody can sign in',
      ),
    ),
  /** Links session ids, execution ids, tags and trace ids to an external trace view: {session_id}, {execution_id}, {workflow_id}, {tag}, {trace_id}. */
  traceUrlTemplate: z.optional(httpUrl),
  /** A stream that sends no byte for this long is given up: the turn is kept as interrupted, with the reason. */
  streamIdleTimeoutSeconds: z._default(
    z
      .number()
      .check(
        z.gte(1, 'must be at least 1 (seconds)'),
        z.lte(3600, 'must be at most 3600 (seconds)'),
        z.refine(Number.isInteger, 'must be a whole number of seconds'),
      ),
    defaultStreamIdleTimeoutSeconds,
  ),
  /** The largest file the chat uploads, in bytes; real servers' default (FILES_STORAGE_MAX_UPLOAD_SIZE) when absent. */
  maxUploadBytes: z.optional(
    z.number().check(z.int('must be a whole number of bytes'), z.gte(1, 'must be at least 1 (bytes)')),
  ),
  fallbacks: z._default(
    z.object({
      assistants: z._default(z.array(catalogItem), []),
      models: z._default(z.array(modelItem), []),
      workflows: z._default(z.array(catalogItem), []),
    }),
    { assistants: [], models: [], workflows: [] },
  ),
});

export type RuntimeConfig = z.output<typeof configSchema>;

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; problems: string[] };

/** How a JSON value reads in a config problem: its JSON type, and the value itself when it is short. */
export function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array ([])' : 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.length <= 40 ? `a string (${JSON.stringify(value)})` : 'a string';
  if (typeof value === 'number' || typeof value === 'boolean') return `a ${typeof value} (${String(value)})`;
  return typeof value;
}

const article = (type: string): string =>
  type === 'object' ? 'a JSON object' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;

// zod does not report the received value (unless asked to for every issue), so it is read from the file itself.
function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key))
      return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

function problemOf(root: unknown, issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? issue.path.join('.') : '(the whole file)';
  if (issue.code !== 'invalid_type') return `${field}: ${issue.message}`;
  const expected = article(issue.expected);
  const { found, value } = valueAt(root, issue.path);
  // A key that is absent is missing; a key present with the wrong type (even null) is named with what it holds.
  if (!found || value === undefined) return `${field}: is required (expected ${expected})`;
  return `${field}: expected ${expected}, received ${describeJsonValue(value)}`;
}

/** Validates config.json, naming every bad field, what it should be and what it is, so the error page says what to fix. */
export function parseRuntimeConfig(value: unknown): ConfigResult {
  const result = configSchema.safeParse(value);
  if (result.success) return { ok: true, config: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => problemOf(value, issue)) };
}

/** The API base as an absolute URL: a path-only base is taken on the console's own origin (proxy set-up). */
export function resolveApiBase(config: RuntimeConfig, origin: string): string {
  return config.apiBaseUrl.startsWith('/') ? `${origin}${config.apiBaseUrl}` : config.apiBaseUrl;
}
