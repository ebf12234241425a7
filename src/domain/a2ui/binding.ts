import type { Dynamic } from './catalog';
import { evaluate, isBinding } from './functions/evaluate';
import type { Locale } from './functions/format';
import { resolvePointer } from './pointer';

// Dynamic values (common_types.json DynamicString/Number/Boolean/StringList) as a component shows them: a literal,
// `{path}` read from the data model (relative to the template item's `scope` inside a template), or a function call
// evaluated in the person's locale (functions/evaluate.ts).

/** The scope of the whole model. */
export const ROOT_SCOPE = '/';

/** The pointer a dynamic value is bound to, or null for a literal or a call. */
export function boundPath(value: Dynamic<unknown> | undefined, scope = ROOT_SCOPE): string | null {
  return isBinding(value) ? resolvePointer(value.path, scope) : null;
}

/** The value itself: the literal, what the model holds at its path, the call's result, or undefined. */
export function resolveValue(
  value: Dynamic<unknown> | undefined,
  model: unknown,
  scope = ROOT_SCOPE,
  locale?: Locale,
): unknown {
  return evaluate(value, { model, scope, locale });
}

/** Text to show: a string as is, a number or boolean written out, anything else empty. */
export function resolveString(
  value: Dynamic<string> | undefined,
  model: unknown,
  scope = ROOT_SCOPE,
  locale?: Locale,
): string {
  const resolved = resolveValue(value, model, scope, locale);
  if (typeof resolved === 'string') return resolved;
  if (typeof resolved === 'number' || typeof resolved === 'boolean') return String(resolved);
  return '';
}

export function resolveNumber(
  value: Dynamic<number> | undefined,
  model: unknown,
  scope = ROOT_SCOPE,
): number | undefined {
  const resolved = resolveValue(value, model, scope);
  if (typeof resolved === 'number' && Number.isFinite(resolved)) return resolved;
  if (typeof resolved === 'string' && resolved.trim() !== '' && Number.isFinite(Number(resolved)))
    return Number(resolved);
  return undefined;
}

export function resolveBoolean(value: Dynamic<boolean> | undefined, model: unknown, scope = ROOT_SCOPE): boolean {
  return resolveValue(value, model, scope) === true;
}

export function resolveStringList(value: Dynamic<string[]> | undefined, model: unknown, scope = ROOT_SCOPE): string[] {
  const resolved = resolveValue(value, model, scope);
  if (Array.isArray(resolved)) return resolved.filter((item): item is string => typeof item === 'string');
  // A single choice stored as a bare string still reads as chosen.
  return typeof resolved === 'string' && resolved !== '' ? [resolved] : [];
}
