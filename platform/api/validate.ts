// Request parsing and field checks shared by the API handlers. Every failure names the field.
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, readBody } from '../http-util';
import { ApiError, badRequest } from './errors';

export type JsonObject = Record<string, unknown>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

export function requireUuid(value: string, what: string): void {
  if (!isUuid(value)) throw badRequest(`Invalid ${what} id '${value}'`, `${what}_id must be a UUID`);
}

/** The request body as text; over the limit a 413, as real ingresses answer. */
export async function readBodyText(req: IncomingMessage): Promise<string> {
  try {
    return await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ApiError(413, 'Request body too large', 'The limit is 1 MiB');
    throw error;
  }
}

export async function readJsonObject(req: IncomingMessage, allowEmpty = false): Promise<JsonObject> {
  const text = await readBodyText(req);
  if (text.trim() === '' && allowEmpty) return {};
  if (text.trim() === '') throw badRequest('Request body is required', 'Send a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest('Malformed JSON body', error instanceof Error ? error.message : 'JSON parse error');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('Request body must be a JSON object', 'body: expected an object');
  }
  return value as JsonObject;
}

type Kind = 'string' | 'boolean' | 'array' | 'object' | 'string[]';

function matches(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'array':
      return Array.isArray(value);
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === kind;
  }
}

const kindLabel: Record<Kind, string> = {
  string: 'a string',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  'string[]': 'an array of strings',
};

/** An optional field: absent or null gives undefined; a wrong type is a 400 naming the field. */
export function optionalField<T>(body: JsonObject, name: string, kind: Kind): T | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!matches(value, kind)) throw badRequest(`Invalid field '${name}'`, `${name}: expected ${kindLabel[kind]}`);
  return value as T;
}

/** A non-negative integer query parameter. */
export function integerParam(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw badRequest(`Invalid query parameter '${name}'`, `${name}: expected an integer from 0 to ${max}`);
  }
  return value;
}
