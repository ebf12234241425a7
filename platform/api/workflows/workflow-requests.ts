// What the workflow execution routes accept, checked as real servers' pydantic models check it: a wrong type or
// too many files is a 422 naming the field; paging parameters are 0-based with no upper bound.
import type { IncomingMessage } from 'node:http';
import type { ApiError } from '../errors';
import { unprocessable, type FieldError } from '../errors';
import { unhandledError } from '../unhandled-error';
import { readBodyText, type JsonObject } from '../validate';

const maxFiles = 20;

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

function fieldReader(body: JsonObject) {
  const errors: FieldError[] = [];
  const field = <T>(name: string, ok: (value: unknown) => value is T, expected: string): T | undefined => {
    const value = body[name];
    if (value === undefined || value === null) return undefined;
    if (ok(value)) return value;
    errors.push({ loc: ['body', name], msg: `Input should be ${expected}`, type: 'type_error' });
    return undefined;
  };
  const check = () => {
    if (errors.length > 0) throw unprocessable(`Invalid field '${String(errors[0]?.loc[1])}'`, errors);
  };
  return { field, check };
}

/** file_names (or the legacy file_name folded into it), at most 20. */
function fileNamesOf(fileNames: string[] | undefined, fileName: string | undefined): string[] {
  const names = fileNames ?? (fileName ? [fileName] : []);
  if (names.length > maxFiles) {
    const msg = `Too many files. Maximum count is ${maxFiles}`;
    throw unprocessable(`file_names: ${msg}`, [{ loc: ['file_names'], msg, type: 'value_error' }]);
  }
  return names;
}

export function readStart(body: JsonObject) {
  const { field, check } = fieldReader(body);
  const start = {
    userInput: field('user_input', isString, 'a valid string'),
    // Accepted and used for the run (Tag echo shows them), but never stored on the record: real servers only trace them.
    tags: field('tags', isStrings, 'a valid list of strings'),
    sessionId: field('session_id', isString, 'a valid string'),
    fileName: field('file_name', isString, 'a valid string'),
    fileNames: field('file_names', isStrings, 'a valid list of strings'),
    propagate: field('propagate_headers', isBoolean, 'a valid boolean') ?? false,
    stream: field('stream', isBoolean, 'a valid boolean') ?? false,
  };
  check();
  return { ...start, files: fileNamesOf(start.fileNames, start.fileName) };
}

/** The optional body of PUT …/resume: `{user_input?, file_names?}`. */
export function readResume(body: JsonObject) {
  const { field, check } = fieldReader(body);
  const userInput = field('user_input', isString, 'a valid string');
  const fileNames = field('file_names', isStrings, 'a valid list of strings');
  check();
  return { userInput, files: fileNames === undefined ? null : fileNamesOf(fileNames, undefined) };
}

/** The body of PUT …/output: a non-empty output and the state record it replaces. */
export function readOutputEdit(body: JsonObject): { output: string; stateId: string } {
  const { field, check } = fieldReader(body);
  const output = field('output', isString, 'a valid string');
  const stateId = field('state_id', isString, 'a valid string');
  check();
  const missing = (name: string): ApiError =>
    unprocessable(`${name}: Field required`, [{ loc: ['body', name], msg: 'Field required', type: 'missing' }]);
  if (output === undefined) throw missing('output');
  if (stateId === undefined) throw missing('state_id');
  if (output.trim() === '') {
    throw unprocessable('output: Value error, Output cannot be empty', [
      { loc: ['body', 'output'], msg: 'Value error, Output cannot be empty', type: 'value_error' },
    ]);
  }
  return { output, stateId };
}

/** A query flag as FastAPI reads a bool: true/false, 1/0, yes/no, on/off. */
export function flagParam(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw unprocessable(`${name}: Input should be a valid boolean`, [
    { loc: ['query', name], msg: 'Input should be a valid boolean, unable to interpret input', type: 'bool_parsing' },
  ]);
}

export interface PageRequest {
  page: number;
  perPage: number;
}

/** page (0-based, default 0) and per_page (default 10, no maximum); per_page=0 fails like real servers' division. */
export function pageParams(query: URLSearchParams): PageRequest {
  const read = (name: string, fallback: number): number => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isInteger(value)) {
      throw unprocessable(`${name}: Input should be a valid integer`, [
        {
          loc: ['query', name],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          type: 'int_parsing',
        },
      ]);
    }
    return value;
  };
  const page = read('page', 0);
  const perPage = read('per_page', 10);
  if (perPage === 0) throw unhandledError('ZeroDivisionError: division by zero');
  return { page: Math.max(page, 0), perPage: Math.abs(perPage) };
}

/** One page of `items` in the real envelope. */
export function paged<T>(items: readonly T[], { page, perPage }: PageRequest) {
  return {
    data: items.slice(page * perPage, (page + 1) * perPage),
    pagination: { page, per_page: perPage, total: items.length, pages: Math.ceil(items.length / perPage) },
  };
}

/** A body that may be absent: undefined then; malformed JSON is a 422 as FastAPI answers it. */
export async function readOptionalJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBodyText(req);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unprocessable('body: JSON decode error', [
      { loc: ['body', 0], msg: 'JSON decode error', type: 'json_invalid' },
    ]);
  }
}

/** An optional object body: absent or null is `{}`; anything else but an object is a 422. */
export function optionalObject(value: unknown): JsonObject {
  if (value === undefined || value === null) return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as JsonObject;
  throw unprocessable('body: Input should be a valid dictionary', [
    { loc: ['body'], msg: 'Input should be a valid dictionary or object', type: 'model_attributes_type' },
  ]);
}
