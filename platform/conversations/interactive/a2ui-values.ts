// The per-type checks of a bound value in an A2UI answer (CURRENT-SERVERS.md §3.3): choices offered, text within
// its cap, booleans, ISO dates within bounds and of the bounds' kind, numbers within a slider's range.
// `validationRegexp` is not checked here: real servers leave it to the browser.
import type { A2uiComponent } from '../../assistants/asking/a2ui-surfaces';

export const maxTextFieldLength = 10_000;

type TimeKind = 'date' | 'time' | 'date-time';

const patterns: Record<TimeKind, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/,
};

/** Which ISO kind a text is (a real date or time, not just the right shape), or null. */
export function isoKind(text: string): TimeKind | null {
  for (const kind of ['date', 'time', 'date-time'] as const) {
    if (!patterns[kind].test(text)) continue;
    const probe = kind === 'time' ? `2000-01-01T${text}` : text;
    if (Number.isNaN(Date.parse(probe))) return null;
    // Date.parse rolls 2026-02-30 over to March: the day must survive the round trip.
    const day = probe.slice(0, 10);
    return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day ? kind : null;
  }
  return null;
}

/** Comparable instant of an ISO value of a known kind (naive date-times read as UTC, like the bounds). */
function instant(text: string, kind: TimeKind): number {
  if (kind === 'time') return Date.parse(`2000-01-01T${text}Z`);
  if (kind === 'date') return Date.parse(`${text}T00:00:00Z`);
  return Date.parse(/Z|[+-]\d{2}:\d{2}$/.test(text) ? text : `${text}Z`);
}

const labelOf = (component: A2uiComponent): string =>
  typeof component['label'] === 'string' ? component['label'] : component.id;

/** The kind a DateTimeInput expects when it has no literal bounds: from enableDate / enableTime. */
function expectedKind(component: A2uiComponent): TimeKind | null {
  const bounds = [component['min'], component['max']].filter((bound): bound is string => typeof bound === 'string');
  const first = bounds[0];
  if (first !== undefined) return isoKind(first);
  const date = component['enableDate'] === true;
  const time = component['enableTime'] === true;
  if (date && time) return 'date-time';
  if (date) return 'date';
  if (time) return 'time';
  return null;
}

function choiceProblem(component: A2uiComponent, value: unknown): string | null {
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string'))
    return `Value of '${component.id}' must be a list of strings`;
  const options = Array.isArray(component['options']) ? (component['options'] as Array<{ value?: unknown }>) : [];
  const unknown = value.find((entry) => !options.some((option) => option.value === entry));
  if (unknown !== undefined) return `'${unknown}' is not an option of '${component.id}'`;
  if (component['variant'] !== 'multipleSelection' && value.length > 1)
    return `'${labelOf(component)}' allows a single choice`;
  return null;
}

function dateProblem(component: A2uiComponent, value: unknown): string | null {
  if (typeof value !== 'string') return `Value of '${component.id}' must be an ISO 8601 string`;
  if (value === '') return null;
  const kind = isoKind(value);
  if (kind === null) return `'${value}' is not an ISO 8601 date or time`;
  const expected = expectedKind(component);
  if (expected !== null && kind !== expected) return `'${labelOf(component)}' expects a ${expected}, got '${value}'`;
  const min = component['min'];
  const max = component['max'];
  if (typeof min === 'string' && isoKind(min) === kind && instant(value, kind) < instant(min, kind))
    return `'${labelOf(component)}' must be on or after ${min}`;
  if (typeof max === 'string' && isoKind(max) === kind && instant(value, kind) > instant(max, kind))
    return `'${labelOf(component)}' must be on or before ${max}`;
  return null;
}

function sliderProblem(component: A2uiComponent, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `Value of '${component.id}' must be a number`;
  const min = typeof component['min'] === 'number' ? component['min'] : 0;
  const max = typeof component['max'] === 'number' ? component['max'] : Number.POSITIVE_INFINITY;
  if (value < min || value > max) return `'${labelOf(component)}' must be between ${min} and ${max}`;
  return null;
}

/** Why a bound value does not fit its component, or null when it does (components without a check pass). */
export function valueProblem(component: A2uiComponent, value: unknown): string | null {
  switch (component.component) {
    case 'ChoicePicker':
      return choiceProblem(component, value);
    case 'TextField': {
      if (component['variant'] === 'number' && typeof value === 'number')
        return Number.isFinite(value) ? null : `Value of '${component.id}' must be a finite number`;
      if (typeof value !== 'string') return `Value of '${component.id}' must be a string`;
      return value.length > maxTextFieldLength
        ? `'${labelOf(component)}' is longer than ${maxTextFieldLength} characters`
        : null;
    }
    case 'CheckBox':
      return typeof value === 'boolean' ? null : `Value of '${component.id}' must be true or false`;
    case 'DateTimeInput':
      return dateProblem(component, value);
    case 'Slider':
      return sliderProblem(component, value);
    default:
      return null;
  }
}
