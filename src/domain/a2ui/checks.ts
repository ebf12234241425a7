import { resolveValue } from './binding';
import type { Check } from './catalog';
import { matchPattern } from './safe-regexp';

// The Basic Catalog's validation functions (catalog.json "functions": required, regex, length, numeric, email) and
// the logic expressions of common_types.json (and/or/not/true/false), evaluated over the data model. An expression
// this console cannot read, or a function it does not know, counts as passing: the server has the last word.

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Dyn = Parameters<typeof resolveValue>[0];
const asDynamic = (value: unknown): Dyn => value as Dyn;

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function callHolds(name: string, args: Record<string, unknown>, model: unknown, scope: string): boolean {
  const value = resolveValue(asDynamic(args.value), model, scope);
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const min = typeof args.min === 'number' ? args.min : undefined;
  const max = typeof args.max === 'number' ? args.max : undefined;
  switch (name) {
    case 'required':
      return !isEmpty(value);
    case 'regex':
      return typeof args.pattern !== 'string' || text === '' || matchPattern(args.pattern, text) !== 'mismatch';
    case 'length':
      return (min === undefined || text.length >= min) && (max === undefined || text.length <= max);
    case 'numeric': {
      const number = typeof value === 'number' ? value : text.trim() === '' ? NaN : Number(text);
      if (Number.isNaN(number)) return text.trim() === '';
      return (min === undefined || number >= min) && (max === undefined || number <= max);
    }
    case 'email':
      return text === '' || emailPattern.test(text);
    default:
      return true;
  }
}

/** Whether a logic expression holds (unreadable parts hold). */
export function holds(expression: unknown, model: unknown, scope: string, depth = 0): boolean {
  if (depth > 20) return true;
  if (typeof expression === 'boolean') return expression;
  if (!isRecord(expression)) return true;
  if ('path' in expression) return resolveValue(asDynamic(expression), model, scope) !== false;
  if (Array.isArray(expression.and)) return expression.and.every((part) => holds(part, model, scope, depth + 1));
  if (Array.isArray(expression.or)) return expression.or.some((part) => holds(part, model, scope, depth + 1));
  if ('not' in expression) return !holds(expression.not, model, scope, depth + 1);
  if ('true' in expression) return true;
  if ('false' in expression) return false;
  if (typeof expression.call === 'string')
    return callHolds(expression.call, isRecord(expression.args) ? expression.args : {}, model, scope);
  return true;
}

/** The message of the first check that fails, or null. */
export function failedCheck(checks: readonly Check[], model: unknown, scope: string): string | null {
  return checks.find((check) => !holds(check.condition, model, scope))?.message ?? null;
}

/** Whether the checks require a value (a `required` call among them), to mark the field "(required)". */
export function isRequired(checks: readonly Check[]): boolean {
  const mentions = (expression: unknown): boolean =>
    isRecord(expression) &&
    (expression.call === 'required' || (Array.isArray(expression.and) && expression.and.some(mentions)));
  return checks.some((check) => mentions(check.condition));
}
