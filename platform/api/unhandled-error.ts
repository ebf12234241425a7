// Real servers' answer to an unknown id on most routes: the lookup raises, nothing maps it, and the generic
// middleware answers 500 with the stack. Routes that mimic that throw this.
import { internalServerError, type ApiError } from './errors';

/** `cause` is the exception line a real server's stack would end with, e.g. "KeyError: 'abc'". */
export function unhandledError(cause: string): ApiError {
  return internalServerError(`Traceback (most recent call last):\n${cause}`);
}
