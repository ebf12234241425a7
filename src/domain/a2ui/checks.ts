import type { Check } from './catalog';
import { evaluate, evaluateArgs, isCall, knownFunctions, type Scope } from './functions/evaluate';
import { validatorHint } from './functions/validators';

// Checks (common_types.json CheckRule): a condition, a DynamicBoolean (a literal, a `{path}`, or a call such as
// `{call:"and", args:{values:[…]}}`), and the message shown when it does not hold. The shape the spec dropped
// (`{and:[…]}`, `{or:[…]}`, `{not:…}`, `{true:…}`) is still read. A call this console does not know, or a condition it
// cannot read, holds: the server has the last word.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const DEPTH_CAP = 24;

/** Whether a condition holds. */
export function holds(expression: unknown, model: unknown, scope: string, depth = 0): boolean {
  if (depth > DEPTH_CAP) return true;
  if (typeof expression === 'boolean') return expression;
  if (!isRecord(expression)) return true;
  const at: Scope = { model, scope };
  if (isCall(expression)) {
    if (!knownFunctions.has(expression.call)) return true;
    if (expression.call === 'and' || expression.call === 'or' || expression.call === 'not') {
      const args = isRecord(expression.args) ? expression.args : {};
      if (expression.call === 'not') return !holds(args.value, model, scope, depth + 1);
      const parts = Array.isArray(args.values) ? args.values : [];
      return expression.call === 'and'
        ? parts.every((part) => holds(part, model, scope, depth + 1))
        : parts.some((part) => holds(part, model, scope, depth + 1));
    }
    const value = evaluate(expression, at, depth);
    return typeof value === 'boolean' ? value : true;
  }
  if ('path' in expression) return evaluate(expression, at, depth) !== false;
  if (Array.isArray(expression.and)) return expression.and.every((part) => holds(part, model, scope, depth + 1));
  if (Array.isArray(expression.or)) return expression.or.some((part) => holds(part, model, scope, depth + 1));
  if ('not' in expression) return !holds(expression.not, model, scope, depth + 1);
  if ('false' in expression) return false;
  return true;
}

/** A specific hint for a condition that is one validator call ("At most 20 characters (now 23)."), or null. */
function hintOf(condition: unknown, model: unknown, scope: string): string | null {
  if (!isCall(condition)) return null;
  return validatorHint(condition.call, evaluateArgs(condition.args, { model, scope }));
}

/** The message of the first check that fails (with what exactly it asks, when that can be said), or null. */
export function failedCheck(checks: readonly Check[], model: unknown, scope: string): string | null {
  const failed = checks.find((check) => !holds(check.condition, model, scope));
  if (!failed) return null;
  const hint = hintOf(failed.condition, model, scope);
  const message = failed.message.trim();
  if (!hint) return message || 'This answer is not accepted.';
  if (!message || message === hint) return hint;
  return `${message}${/[.!?]$/.test(message) ? '' : '.'} ${hint}`;
}

/** Whether the checks require a value (a `required` call among them), to mark the field "(required)". */
export function isRequired(checks: readonly Check[]): boolean {
  const mentions = (expression: unknown, depth: number): boolean => {
    if (!isRecord(expression) || depth > DEPTH_CAP) return false;
    if (expression.call === 'required') return true;
    if (expression.call === 'and' && isRecord(expression.args) && Array.isArray(expression.args.values))
      return expression.args.values.some((part) => mentions(part, depth + 1));
    return Array.isArray(expression.and) && expression.and.some((part) => mentions(part, depth + 1));
  };
  return checks.some((check) => mentions(check.condition, 0));
}
