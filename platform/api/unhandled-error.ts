// What real servers answer when an exception reaches their generic middleware (e.g. the KeyError of an unknown id).
import { ApiError } from './errors';

export function unhandledError(cause: string): ApiError {
  return new ApiError(
    500,
    `Internal Server Error. <br> Stacktrace: ${cause}`,
    'An unexpected error occurred while processing the request.',
    'Please try again later or contact support if the problem persists.',
  );
}
