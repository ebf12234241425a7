import { checkRows, describeRow, isStrippedName, wireValueProblem } from './header-rules';
import type { HeaderRow } from './profiles';
import { isSecretRow, secretMask } from './secrets';
import { resolveTemplate, type TemplateContext } from './templates';

export interface ResolvedHeader {
  name: string;
  /** The value as typed, templates included. */
  template: string;
  /** What goes on the wire. */
  value: string;
  /** Platforms drop it before calling tools; sent anyway, so the proof can show it stripped. */
  stripped: boolean;
  /** Marked secret in the profile: its value goes on the wire only. */
  secret: boolean;
}

export type HeaderResolution = { ok: true; headers: ResolvedHeader[] } | { ok: false; problems: string[] };

/**
 * The enabled rows of a profile as one request sends them: checked, templates filled (one uuid per
 * request), and checked again after filling, since a filled-in value can break a header too.
 */
export function resolveHeaders(rows: readonly HeaderRow[], context: TemplateContext): HeaderResolution {
  const check = checkRows(rows);
  if (check.blocking.length > 0) return { ok: false, problems: check.blocking };
  let uuid: string | undefined;
  const uuidOnce = () => (uuid ??= context.uuid());
  const problems: string[] = [];
  const headers: ResolvedHeader[] = [];
  rows.forEach((row, index) => {
    const name = row.name.trim();
    if (!row.enabled || name === '') return;
    const resolved = resolveTemplate(row.value, context, uuidOnce);
    if (!resolved.ok) return problems.push(`${describeRow(row, index)}: ${resolved.problem}`);
    const value = resolved.value.trim();
    const wire = wireValueProblem(value);
    if (wire)
      return problems.push(
        `${describeRow(row, index)}: once filled in, ${wire.charAt(0).toLowerCase()}${wire.slice(1)}`,
      );
    headers.push({ name, template: row.value, value, stripped: isStrippedName(name), secret: isSecretRow(row) });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, headers };
}

/**
 * Resolved headers split in two: the copy that may be kept and shown (secret values and their templates masked), and
 * the secret values by name, for the wire only.
 */
export function maskResolved(headers: readonly ResolvedHeader[]): {
  shown: ResolvedHeader[];
  secrets: Record<string, string>;
} {
  const secrets: Record<string, string> = {};
  const shown = headers.map((header) => {
    if (!header.secret) return header;
    secrets[header.name] = header.value;
    return { ...header, template: secretMask, value: secretMask };
  });
  return { shown, secrets };
}
