import { z } from 'zod';

const httpUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\/[^/\s]+/i.test(value), 'must be an absolute http(s) URL, e.g. https://host/path');

const baseUrl = z
  .string()
  .trim()
  .refine(
    (value) => /^https?:\/\/[^/\s]+/i.test(value) || /^\/[^\s]*$/.test(value),
    'must be an absolute http(s) URL or a path on this origin starting with /, e.g. /code-assistant-api',
  )
  .transform((value) => value.replace(/\/+$/, ''));

const catalogItem = z.object({
  id: z.string().trim().min(1, 'must not be empty'),
  name: z.string().trim().min(1, 'must not be empty'),
  description: z.string().optional(),
});

const modelItem = z.object({
  base_name: z.string().trim().min(1, 'must not be empty'),
  label: z.string().optional(),
});

/** How long a stream may stay silent before the console gives up on it (config: streamIdleTimeoutSeconds): longer than real tool time-outs (MCP 300 s, plugins 302 s), shorter than the ingress (600 s). */
export const defaultStreamIdleTimeoutSeconds = 310;

const configSchema = z.object({
  apiBaseUrl: baseUrl,
  auth: z
    .object({
      oidc: z
        .object({
          authority: httpUrl,
          clientId: z.string().trim().min(1, 'must not be empty'),
          scope: z.string().trim().min(1, 'must not be empty').default('openid profile email offline_access'),
          providerName: z.string().optional(),
          resource: httpUrl.optional(),
        })
        .optional(),
      allowAccessTokenPaste: z.boolean().default(true),
    })
    .refine(
      (auth) => auth.oidc !== undefined || auth.allowAccessTokenPaste,
      'enable auth.oidc or auth.allowAccessTokenPaste, else nobody can sign in',
    ),
  /** Links session ids, execution ids, tags and trace ids to an external trace view: {session_id}, {execution_id}, {workflow_id}, {tag}, {trace_id}. */
  traceUrlTemplate: httpUrl.optional(),
  /** A stream that sends no byte for this long is given up: the turn is kept as interrupted, with the reason. */
  streamIdleTimeoutSeconds: z
    .number()
    .min(1, 'must be at least 1 (seconds)')
    .max(3600, 'must be at most 3600 (seconds)')
    .refine(Number.isInteger, 'must be a whole number of seconds')
    .default(defaultStreamIdleTimeoutSeconds),
  /** The largest file the chat uploads, in bytes; real servers' default (FILES_STORAGE_MAX_UPLOAD_SIZE) when absent. */
  maxUploadBytes: z.number().int('must be a whole number of bytes').min(1, 'must be at least 1 (bytes)').optional(),
  fallbacks: z
    .object({
      assistants: z.array(catalogItem).default([]),
      models: z.array(modelItem).default([]),
      workflows: z.array(catalogItem).default([]),
    })
    .default({ assistants: [], models: [], workflows: [] }),
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
