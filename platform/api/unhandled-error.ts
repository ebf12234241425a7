// What real servers answer when a handler raises an exception nobody maps, e.g. the KeyError of
// `Model.get_by_id` for an unknown id: the generic middleware's 500 with the stack trace in the message
// (DEPLOYED-API.md, "Unknown ids → 500"). Clients see this, not a 404, for most unknown execution ids.
import { internalServerError, type ApiError } from './errors';

/** The 500 of an unmapped exception; `exception` is its last traceback line, e.g. `KeyError: '<id>'`. */
export function unhandledError(exception: string): ApiError {
  const stacktrace = `Traceback (most recent call last):\n  File "codemie/rest_api/models/base.py", in get_by_id\n${exception}`;
  return internalServerError(stacktrace);
}

/** The 500 of `Model.get_by_id` for an id it does not know. */
export const unknownIdError = (id: string): ApiError => unhandledError(`KeyError: '${id}'`);
