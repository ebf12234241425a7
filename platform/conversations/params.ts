// Query and body field checks answered as FastAPI answers them: 422 with a list of field errors.
import { unprocessable } from '../api/errors';
import type { JsonObject } from '../api/validate';

const invalid = (loc: (string | number)[], msg: string, type: string) =>
  unprocessable(`${loc.at(-1) ?? ''}: ${msg}`, [{ loc, msg, type }]);

/** An optional integer query parameter within [min, max]; absent gives undefined. */
export function intQuery(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value))
    throw invalid(
      ['query', name],
      'Input should be a valid integer, unable to parse string as an integer',
      'int_parsing',
    );
  if (value < min)
    throw invalid(['query', name], `Input should be greater than or equal to ${min}`, 'greater_than_equal');
  if (value > max) throw invalid(['query', name], `Input should be less than or equal to ${max}`, 'less_than_equal');
  return value;
}

/** An integer path parameter (history_index). */
export function intPath(raw: string, name: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value))
    throw invalid(
      ['path', name],
      'Input should be a valid integer, unable to parse string as an integer',
      'int_parsing',
    );
  return value;
}

export function stringLength(query: URLSearchParams, name: string, min: number, max: number): string {
  const value = query.get(name);
  if (value === null) throw invalid(['query', name], 'Field required', 'missing');
  if (value.length < min)
    throw invalid(['query', name], `String should have at least ${min} characters`, 'string_too_short');
  if (value.length > max)
    throw invalid(['query', name], `String should have at most ${max} characters`, 'string_too_long');
  return value;
}

/** A body field real servers accept in either casing; the key's presence matters for some updates. */
export function field(body: JsonObject, snake: string, camel: string): { present: boolean; value: unknown } {
  if (snake in body) return { present: true, value: body[snake] };
  if (camel in body) return { present: true, value: body[camel] };
  return { present: false, value: undefined };
}

export function typed<T>(
  found: { present: boolean; value: unknown },
  name: string,
  check: (value: unknown) => boolean,
  label: string,
): T | undefined {
  if (!found.present || found.value === null) return undefined;
  if (!check(found.value))
    throw invalid(
      ['body', name],
      `Input should be ${label}`,
      `${label.replace(/^a(n)? /, '').replace(/ /g, '_')}_type`,
    );
  return found.value as T;
}

export const isString = (value: unknown): boolean => typeof value === 'string';
export const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
export const isInteger = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value);
