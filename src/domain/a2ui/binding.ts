import type { Dynamic } from './catalog';
import { getAt, resolvePointer } from './pointer';

// Dynamic values (common_types.json DynamicString/Number/Boolean/StringList): a literal, or `{path}` read from the data
// model. A path inside a template is relative to its item (`scope`). A function call is not evaluated: it reads as
// nothing (an empty text, no number), so an agent's unsupported function never shows as raw JSON.

/** The scope of the whole model. */
export const ROOT_SCOPE = '/';

const isBinding = (value: unknown): value is { path: string } =>
  typeof value === 'object' && value !== null && 'path' in value && typeof value.path === 'string';
const isCall = (value: unknown): value is { call: string } =>
  typeof value === 'object' && value !== null && 'call' in value;

/** The pointer a dynamic value is bound to, or null for a literal. */
export function boundPath(value: Dynamic<unknown> | undefined, scope = ROOT_SCOPE): string | null {
  return isBinding(value) ? resolvePointer(value.path, scope) : null;
}

/** The value itself: the literal, what the model holds at its path, or undefined. */
export function resolveValue(value: Dynamic<unknown> | undefined, model: unknown, scope = ROOT_SCOPE): unknown {
  if (value === undefined || isCall(value)) return undefined;
  if (isBinding(value)) return getAt(model, resolvePointer(value.path, scope));
  return value;
}

/** Text to show: a string as is, a number or boolean written out, anything else empty. */
export function resolveString(value: Dynamic<string> | undefined, model: unknown, scope = ROOT_SCOPE): string {
  const resolved = resolveValue(value, model, scope);
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
