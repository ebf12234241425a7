import { resolveNumber, resolveString, resolveStringList } from './binding';
import type { ComponentOf } from './catalog';
import { failedCheck } from './checks';
import { matchPattern, VALUE_CAP } from './safe-regexp';
import type { Surface } from './surface';
import { reachable, type Placed } from './tree';

// What stops an answer before it is sent: each input's `checks` (the catalog's Checkable), TextField
// `validationRegexp` (bounded, see safe-regexp.ts), and the per-type rules the server applies to bound values
// (CURRENT-SERVERS.md §3.3), so the person reads the reason on the field instead of a 422 after the fact.

/** Problems by placement key (the component id outside templates), one message each. */
export type SurfaceProblems = Readonly<Record<string, string>>;

const dateKinds = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/,
};

/** The ISO form a DateTimeInput asks for: a date, a time, or both (both when neither is enabled). */
export function dateTimeKind(component: ComponentOf<'DateTimeInput'>): keyof typeof dateKinds {
  if (component.enableDate && !component.enableTime) return 'date';
  if (component.enableTime && !component.enableDate) return 'time';
  return 'date-time';
}

/** The longest text a current server accepts in a TextField (its 422 otherwise). */
export const TEXT_FIELD_CAP = 10_000;
const count = (value: number) => value.toLocaleString('en-US');

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A bound ISO value as the browser's date, time or date-time input reads it: an instant with a zone
 * ("2025-07-15T19:00:00Z", as the official examples send) in the person's wall time, a date-time cut to its date or
 * its time. Anything else as it is.
 */
export function inputValue(kind: keyof typeof dateKinds, value: string): string {
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const at = zoned ? new Date(value) : null;
  const local =
    at && !Number.isNaN(at.getTime())
      ? `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`
      : value;
  if (kind === 'date') return /^\d{4}-\d{2}-\d{2}T/.test(local) ? local.slice(0, 10) : local;
  if (kind === 'time') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local) ? local.slice(11, 16) : local;
  return /^\d{4}-\d{2}-\d{2}$/.test(local) ? `${local}T00:00` : local;
}

function textFieldProblem(component: ComponentOf<'TextField'>, model: unknown, scope: string): string | null {
  const text = resolveString(component.value, model, scope);
  if (text === '') return null;
  const length = Array.from(text).length;
  if (length > TEXT_FIELD_CAP) return `At most ${count(TEXT_FIELD_CAP)} characters (now ${count(length)}).`;
  if (component.variant === 'number' && !Number.isFinite(Number(text.trim()))) return 'Enter a number, like 42 or 3.5.';
  if (component.validationRegexp !== undefined) {
    const verdict = matchPattern(component.validationRegexp, text);
    if (verdict === 'mismatch') return `Use the form the assistant asked for (pattern ${component.validationRegexp}).`;
    if (verdict === 'too-long')
      return `At most ${count(VALUE_CAP)} characters can be checked against the assistant's pattern (now ${count(length)}).`;
  }
  return null;
}

const dateHints = {
  date: 'Enter a date as YYYY-MM-DD.',
  time: 'Enter a time as HH:MM.',
  'date-time': 'Enter a date and time as YYYY-MM-DDTHH:MM.',
};

function typeProblem({ component, scope }: Placed, model: unknown): string | null {
  switch (component.kind) {
    case 'TextField':
      return textFieldProblem(component, model, scope);
    case 'ChoicePicker': {
      const chosen = resolveStringList(component.value, model, scope);
      const offered = new Set(component.options.map((option) => option.value));
      if (chosen.some((value) => !offered.has(value))) return 'Choose among the options shown.';
      return component.variant === 'mutuallyExclusive' && chosen.length > 1 ? 'Choose only one.' : null;
    }
    case 'Slider': {
      const value = resolveNumber(component.value, model, scope);
      if (value === undefined) return null;
      return value < component.min || value > component.max
        ? `Choose a value from ${component.min} to ${component.max}.`
        : null;
    }
    case 'DateTimeInput': {
      const value = resolveString(component.value, model, scope);
      if (value === '') return null;
      const kind = dateTimeKind(component);
      if (!dateKinds[kind].test(value)) return dateHints[kind];
      const min = resolveString(component.min, model, scope);
      const max = resolveString(component.max, model, scope);
      if (min !== '' && value < min) return `Choose ${min} or later.`;
      if (max !== '' && value > max) return `Choose ${max} or earlier.`;
      return null;
    }
    default:
      return null;
  }
}

const inputKinds: readonly string[] = ['TextField', 'CheckBox', 'ChoicePicker', 'Slider', 'DateTimeInput'];

/** The problems of every input reachable from the root (empty when the answer may be sent). */
export function validateSurface(surface: Surface, dataModel: unknown): SurfaceProblems {
  const problems: Record<string, string> = {};
  for (const placed of reachable(surface, dataModel)) {
    if (!inputKinds.includes(placed.component.kind)) continue;
    const checks = 'checks' in placed.component ? placed.component.checks : [];
    const problem = failedCheck(checks, dataModel, placed.scope) ?? typeProblem(placed, dataModel);
    if (problem) problems[placed.key] = problem;
  }
  return problems;
}

/** Why a Button may not be pressed (its own checks), or null. */
export function buttonProblem(button: ComponentOf<'Button'>, dataModel: unknown, scope = '/'): string | null {
  return failedCheck(button.checks, dataModel, scope);
}
