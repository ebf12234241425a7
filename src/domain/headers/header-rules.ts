import type { HeaderRow } from './header-row';
import { isProxySensitive } from './secrets';
import { templateProblems } from './templates';

export const headerLimits = { nameLength: 100, valueLength: 4096, rows: 50 } as const;

/** Dropped by every platform before tools are called, whatever the console sends (seed, PLATFORM-FACTS). */
export const strippedHeaderNames = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-auth-token',
  'x-internal-secret',
  'x-internal-token',
] as const;

const stripped: ReadonlySet<string> = new Set<string>(strippedHeaderNames);
export const isStrippedName = (name: string): boolean => stripped.has(name.trim().toLowerCase());

/** Names tool servers commonly read (PLATFORM-FACTS), with a value that shows what they are for. */
export const suggestedHeaders = [
  { name: 'X-Tenant-ID', example: 'acme', purpose: 'which tenant’s data a tool server works on' },
  {
    name: 'X-Correlation-ID',
    example: '{{uuid}}',
    purpose: 'ties the log lines of one request together across services',
  },
  { name: 'X-User-Context', example: '{{user.email}}', purpose: 'who the request is made for, as tools see it' },
  { name: 'X-End-User-ID', example: '{{user.sub}}', purpose: 'the end user behind the call' },
  { name: 'X-User-Role', example: 'analyst', purpose: 'the role tools should apply' },
  { name: 'X-Request-ID', example: '{{uuid}}', purpose: 'one id per request, for tracing' },
] as const;

export interface RowIssue {
  level: 'error' | 'warning';
  field: 'name' | 'value';
  message: string;
}

export interface RowsCheck {
  byRow: Record<string, RowIssue[]>;
  /** Problems of the set as a whole (too many rows). */
  setProblems: string[];
  /** Every error that stops enabled rows from being sent, each naming its row. */
  blocking: string[];
}

// RFC 9110 §5.6.2: token = 1*tchar.
const tchar = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]$/;

const isControl = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
};

const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

function describeChar(char: string): string {
  if (char === ' ') return 'a space';
  if (char === '\t') return 'a tab';
  if (char === '\r' || char === '\n') return 'a line break';
  if (isControl(char)) return `a control character (${codePoint(char)})`;
  return `“${char}”`;
}

/** "Header 2 (X-Tenant ID)": how messages point at a row. */
export const describeRow = (row: Pick<HeaderRow, 'name'>, index: number): string =>
  `Header ${index + 1}${row.name.trim() ? ` (${row.name.trim()})` : ''}`;

export function nameIssues(raw: string): RowIssue[] {
  const issue = (level: RowIssue['level'], message: string): RowIssue => ({ level, field: 'name', message });
  const name = raw.trim();
  if (name === '') return [issue('error', 'Give the header a name, e.g. X-Tenant-ID.')];
  const issues: RowIssue[] = [];
  if (name !== raw) issues.push(issue('warning', 'Spaces around the name are removed when it is sent.'));
  if (!/^x-/i.test(name)) {
    const why = isStrippedName(name) ? ` ${name} is never forwarded: platforms strip it.` : '';
    return [
      ...issues,
      issue('error', `“${name}” does not start with X-: only X-* headers are forwarded to tool servers.${why}`),
    ];
  }
  if (name.length === 2) return [...issues, issue('error', 'Add a name after “X-”, e.g. X-Tenant-ID.')];
  if (name.length > headerLimits.nameLength)
    issues.push(issue('error', `The name is ${name.length} characters; at most ${headerLimits.nameLength}.`));
  const chars = [...name];
  const bad = chars.findIndex((char) => !tchar.test(char));
  if (bad >= 0) {
    const char = chars[bad] ?? '';
    const fix = char === ' ' ? ' Use a hyphen instead of a space.' : '';
    issues.push(
      issue(
        'error',
        `The name has ${describeChar(char)} at position ${bad + 1}; header names hold only letters, digits and ! # $ % & ' * + - . ^ _ \` | ~.${fix}`,
      ),
    );
  }
  if (isStrippedName(name))
    issues.push(issue('warning', `${name} will not be forwarded: platforms always strip it before calling tools.`));
  if (isProxySensitive(name))
    issues.push(
      issue(
        'warning',
        `Proxies and frameworks act on ${name} (client address, original URL or method): one on the way may rewrite it or route the request by it.`,
      ),
    );
  return issues;
}

/** Problems of a value as it will go on the wire (also used on resolved template values). */
export function wireValueProblem(value: string): string | null {
  const chars = [...value];
  const lineBreak = chars.findIndex((char) => char === '\r' || char === '\n');
  if (lineBreak >= 0)
    return `The value has a line break at position ${lineBreak + 1}; a header value must be one line (a line break could smuggle in another header).`;
  const control = chars.findIndex((char) => char !== '\t' && isControl(char));
  if (control >= 0)
    return `The value has ${describeChar(chars[control] ?? '')} at position ${control + 1}; control characters cannot be sent in a header.`;
  const wide = chars.findIndex((char) => (char.codePointAt(0) ?? 0) > 0xff);
  if (wide >= 0)
    return `The value has “${chars[wide] ?? ''}” at position ${wide + 1}, which browsers cannot send in a header (only Latin-1 characters); percent-encode it.`;
  if (value.length > headerLimits.valueLength)
    return `The value is ${value.length} characters; at most ${headerLimits.valueLength}.`;
  return null;
}

export function valueIssues(value: string): RowIssue[] {
  const issue = (level: RowIssue['level'], message: string): RowIssue => ({ level, field: 'value', message });
  const issues: RowIssue[] = [];
  const wire = wireValueProblem(value);
  if (wire) issues.push(issue('error', wire));
  for (const problem of templateProblems(value)) issues.push(issue('error', problem));
  if (value.trim() === '') issues.push(issue('warning', 'The value is empty: the header is sent with no value.'));
  else if (value.trim() !== value)
    issues.push(issue('warning', 'Spaces at the start or end of the value are dropped when it is sent.'));
  return issues;
}

const isBlank = (row: HeaderRow) => row.name.trim() === '' && row.value.trim() === '';

/**
 * Checks every row as typed. Blank rows (no name, no value) are ignored; disabled rows are checked but
 * never block, since they are not sent.
 */
export function checkRows(rows: readonly HeaderRow[]): RowsCheck {
  const byRow: Record<string, RowIssue[]> = {};
  const blocking: string[] = [];
  const firstByName = new Map<string, number>();
  rows.forEach((row, index) => {
    if (isBlank(row)) return;
    const issues = [...nameIssues(row.name), ...valueIssues(row.value)];
    const key = row.name.trim().toLowerCase();
    if (row.enabled && key !== '') {
      const first = firstByName.get(key);
      if (first === undefined) firstByName.set(key, index);
      else
        issues.push({
          level: 'error',
          field: 'name',
          message: `${row.name.trim()} is already header ${first + 1}; names are compared ignoring case. Remove or disable one.`,
        });
    }
    if (issues.length > 0) byRow[row.id] = issues;
    if (row.enabled)
      for (const issue of issues)
        if (issue.level === 'error') blocking.push(`${describeRow(row, index)}: ${issue.message}`);
  });
  const setProblems =
    rows.length > headerLimits.rows
      ? [`A profile holds at most ${headerLimits.rows} headers; remove ${rows.length - headerLimits.rows}.`]
      : [];
  return { byRow, setProblems, blocking: [...setProblems, ...blocking] };
}
