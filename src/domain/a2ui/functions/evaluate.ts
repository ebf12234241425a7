import { getAt, resolvePointer } from '@/domain/a2ui/pointer';
import { formatCurrency, formatDate, formatNumber, pluralize, type Locale } from './format';
import { interpolate } from './format-string';
import { validators, type Args } from './validators';

// Dynamic values (common_types.json DynamicValue/String/Number/Boolean/StringList): a literal, a `{path}` read from
// the data model (relative paths against the template item's scope), or a `{call, args}` of a Basic Catalog function
// (catalog.json "functions"), evaluated here, in the person's locale. A function this console does not know gives
// undefined, so an agent's unknown call never shows as raw JSON. Evaluation is bounded: nesting stops at DEPTH_CAP.

export interface Scope {
  model: unknown;
  /** The data-model pointer relative paths are read against ("/" outside templates). */
  scope: string;
  /** The person's locale; undefined: the browser's. */
  locale?: Locale;
}

const DEPTH_CAP = 24;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `{path}` binding (and nothing a call would have). */
export const isBinding = (value: unknown): value is { path: string } =>
  isRecord(value) && typeof value.path === 'string' && !('call' in value);
/** A `{call, args?}` function call. */
export const isCall = (value: unknown): value is { call: string; args?: unknown } =>
  isRecord(value) && typeof value.call === 'string';

/** The names this console evaluates (the Basic Catalog's functions, and `now`). */
export const knownFunctions: ReadonlySet<string> = new Set([
  ...Object.keys(validators),
  'formatString',
  'formatNumber',
  'formatCurrency',
  'formatDate',
  'pluralize',
  'openUrl',
  'and',
  'or',
  'not',
  'now',
]);

const booleans = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A function's value, given its evaluated arguments. */
function callFunction(name: string, args: Args, at: Scope, depth: number): unknown {
  switch (name) {
    case 'required':
    case 'regex':
    case 'length':
    case 'numeric':
    case 'email':
      return validators[name](args);
    case 'and':
      return booleans(args.values).every((value) => value === true);
    case 'or':
      return booleans(args.values).some((value) => value === true);
    case 'not':
      return typeof args.value === 'boolean' ? !args.value : undefined;
    case 'formatString':
      return typeof args.value === 'string' ? interpolate(args.value, interpolation(at, depth + 1), depth) : undefined;
    case 'formatNumber':
      return formatNumber(args, at.locale);
    case 'formatCurrency':
      return formatCurrency(args, at.locale);
    case 'formatDate':
      return formatDate(args, at.locale);
    case 'pluralize':
      return pluralize(args, at.locale);
    case 'now':
      return new Date().toISOString();
    case 'openUrl':
      // An action, run by the form when pressed (after the person sees the host); as a value it is nothing.
      return undefined;
    default:
      return undefined;
  }
}

function interpolation(at: Scope, depth: number) {
  return {
    read: (path: string) => getAt(at.model, resolvePointer(path, at.scope)),
    call: (name: string, args: Record<string, unknown>) =>
      depth > DEPTH_CAP ? undefined : callFunction(name, args, at, depth + 1),
  };
}

/** The arguments of a call, each evaluated. */
export function evaluateArgs(args: unknown, at: Scope, depth = 0): Args {
  if (!isRecord(args)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args))
    Object.defineProperty(out, key, { value: evaluate(value, at, depth + 1), enumerable: true, writable: true });
  return out;
}

/** The value of a dynamic value: the literal itself, what the model holds at its path, or the call's result. */
export function evaluate(value: unknown, at: Scope, depth = 0): unknown {
  if (depth > DEPTH_CAP) return undefined;
  if (Array.isArray(value)) return value.map((item) => evaluate(item, at, depth + 1));
  if (isBinding(value)) return getAt(at.model, resolvePointer(value.path, at.scope));
  if (isCall(value)) return callFunction(value.call, evaluateArgs(value.args, at, depth), at, depth);
  return value;
}

/** Text with `${…}` expressions written out (openUrl's address may be one). */
export function interpolateText(text: string, at: Scope): string {
  return text.includes('${') ? interpolate(text, interpolation(at, 0)) : text;
}
