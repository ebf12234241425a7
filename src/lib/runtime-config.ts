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
    .refine((auth) => auth.oidc !== undefined || auth.allowAccessTokenPaste, 'enable auth.oidc or auth.allowAccessTokenPaste, else nobody can sign in'),
  /** Links session ids, execution ids and tags to an external trace view: {session_id}, {execution_id}, {workflow_id}, {tag}. */
  traceUrlTemplate: httpUrl.optional(),
  fallbacks: z
    .object({
      assistants: z.array(catalogItem).default([]),
      models: z.array(modelItem).default([]),
      workflows: z.array(catalogItem).default([]),
    })
    .default({ assistants: [], models: [], workflows: [] }),
});

export type RuntimeConfig = z.output<typeof configSchema>;
export type FallbackAssistant = z.output<typeof catalogItem>;

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; problems: string[] };

/** Validates config.json, naming every bad field so the full-page error can say exactly what to fix. */
export function parseRuntimeConfig(value: unknown): ConfigResult {
  const result = configSchema.safeParse(value);
  if (result.success) return { ok: true, config: result.data };
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(the whole file)';
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    return `${field}: ${message}`;
  });
  return { ok: false, problems };
}

/** The API base as an absolute URL: a path-only base is taken on the console's own origin (proxy set-up). */
export function resolveApiBase(config: RuntimeConfig, origin: string): string {
  return config.apiBaseUrl.startsWith('/') ? `${origin}${config.apiBaseUrl}` : config.apiBaseUrl;
}
