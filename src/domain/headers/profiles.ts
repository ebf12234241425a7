import { z } from 'zod';
import { checkRows, describeRow } from './header-rules';
import { headerRowSchema, type HeaderRow } from './header-row';
import { isSecretRow } from './secrets';

export type { HeaderRow } from './header-row';

/** A named set of custom headers; kept in this browser, so read back through this schema. */
export const headerProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  rows: z.array(headerRowSchema),
});
export type HeaderProfile = z.output<typeof headerProfileSchema>;

export const profileFileFormat = 'assistant-console/header-profiles';

/** A name not yet taken (case-insensitively): "Tenant A", then "Tenant A 2", "Tenant A 3", … */
export function uniqueProfileName(wanted: string, taken: readonly string[]): string {
  const used = new Set(taken.map((name) => name.trim().toLowerCase()));
  const base = wanted.trim() || 'Profile';
  if (!used.has(base.toLowerCase())) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base} ${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The export file: names and headers only (ids are local to one browser), each header with its secret mark. Secret
 * values are left out (an empty value, marked secret, to fill in after import) unless `includeSecrets` asks for them.
 */
export function exportProfiles(
  profiles: readonly HeaderProfile[],
  now: Date,
  { includeSecrets = false }: { includeSecrets?: boolean } = {},
): string {
  return JSON.stringify(
    {
      format: profileFileFormat,
      version: 1,
      exportedAt: now.toISOString(),
      profiles: profiles.map((profile) => ({
        name: profile.name,
        headers: profile.rows.map((row) => ({
          name: row.name,
          value: isSecretRow(row) && !includeSecrets ? '' : row.value,
          enabled: row.enabled,
          // Written whether marked or taken from the name, so the file keeps the person's choice either way.
          secret: isSecretRow(row),
        })),
      })),
    },
    null,
    2,
  );
}

export type ProfileImport =
  { ok: true; profiles: HeaderProfile[]; warnings: string[] } | { ok: false; problems: string[] };

const maxImportedProfiles = 100;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value);

/**
 * Reads a profiles file: our export, `{profiles: [...]}` or a bare list; headers as a list of
 * `{name, value, enabled?}` or as an object of name → value. Everything wrong is reported with its path
 * (`profiles[0].headers[1].value: …`), and nothing is imported unless all of it is valid.
 */
export function parseProfileImport(text: string, newId: () => string): ProfileImport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [`The file is not JSON (${error instanceof Error ? error.message : 'unreadable'}).`],
    };
  }
  const list = Array.isArray(json) ? json : isRecord(json) ? json['profiles'] : undefined;
  if (isRecord(json) && json['format'] !== undefined && json['format'] !== profileFileFormat) {
    return {
      ok: false,
      problems: [`format: expected “${profileFileFormat}”, found ${JSON.stringify(json['format'])}.`],
    };
  }
  if (!Array.isArray(list))
    return {
      ok: false,
      problems: ['The file holds no "profiles" list: expected {"profiles": [{"name": …, "headers": […]}]}.'],
    };
  if (list.length === 0) return { ok: false, problems: ['profiles: the list is empty; there is nothing to import.'] };
  if (list.length > maxImportedProfiles)
    return {
      ok: false,
      problems: [`profiles: ${list.length} profiles; at most ${maxImportedProfiles} can be imported at once.`],
    };

  const problems: string[] = [];
  const warnings: string[] = [];
  const profiles: HeaderProfile[] = [];
  list.forEach((item: unknown, index) => {
    const at = `profiles[${index}]`;
    if (!isRecord(item))
      return problems.push(`${at}: expected an object with "name" and "headers", found ${kindOf(item)}.`);
    const name = item['name'];
    if (typeof name !== 'string' || name.trim() === '')
      problems.push(`${at}.name: expected a non-empty text, found ${name === undefined ? 'nothing' : kindOf(name)}.`);
    const rows = readRows(item['headers'], `${at}.headers`, newId, problems);
    if (!rows) return;
    const check = checkRows(rows);
    rows.forEach((row, position) => {
      for (const issue of check.byRow[row.id] ?? []) {
        const message = `${at}.headers[${position}].${issue.field}: ${issue.message}`;
        if (issue.level === 'error') problems.push(message);
        else warnings.push(`${typeof name === 'string' ? name : at}: ${describeRow(row, position)}: ${issue.message}`);
      }
    });
    for (const problem of check.setProblems) problems.push(`${at}.headers: ${problem}`);
    if (typeof name === 'string' && name.trim() !== '')
      profiles.push({ id: newId(), name: name.trim().slice(0, 80), rows });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, profiles, warnings };
}

function readRows(headers: unknown, at: string, newId: () => string, problems: string[]): HeaderRow[] | null {
  if (headers === undefined) return [];
  if (isRecord(headers)) {
    return Object.entries(headers).flatMap(([name, value]) => {
      if (typeof value !== 'string') {
        problems.push(`${at}.${name}: expected a text value, found ${kindOf(value)}.`);
        return [];
      }
      return [{ id: newId(), name, value, enabled: true }];
    });
  }
  if (!Array.isArray(headers)) {
    problems.push(
      `${at}: expected a list of {"name", "value"} or an object of name → value, found ${kindOf(headers)}.`,
    );
    return null;
  }
  return headers.flatMap((header: unknown, index) => {
    const here = `${at}[${index}]`;
    if (!isRecord(header)) {
      problems.push(`${here}: expected an object with "name" and "value", found ${kindOf(header)}.`);
      return [];
    }
    const { name, value, enabled, secret } = header;
    const wrong = [
      typeof name === 'string'
        ? null
        : `${here}.name: expected a text, found ${name === undefined ? 'nothing' : kindOf(name)}.`,
      typeof value === 'string'
        ? null
        : `${here}.value: expected a text, found ${value === undefined ? 'nothing' : kindOf(value)}.`,
      enabled === undefined || typeof enabled === 'boolean'
        ? null
        : `${here}.enabled: expected true or false, found ${kindOf(enabled)}.`,
      secret === undefined || typeof secret === 'boolean'
        ? null
        : `${here}.secret: expected true or false, found ${kindOf(secret)}.`,
    ].filter((message): message is string => message !== null);
    if (wrong.length > 0 || typeof name !== 'string' || typeof value !== 'string') {
      problems.push(...wrong);
      return [];
    }
    return [
      { id: newId(), name, value, enabled: enabled !== false, ...(typeof secret === 'boolean' ? { secret } : {}) },
    ];
  });
}
