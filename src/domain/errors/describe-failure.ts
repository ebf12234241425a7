import { isApiError } from './api-error';
import { describeError, type ErrorSubject } from './describe-error';

/** What a failure says of itself: an Error's message, or anything else as text. */
export const failureMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A failure that is not a call's (a storage read or write, a broken promise) in words for a message, with its kind:
 * "QuotaExceededError: …". A call's failure is worded by describeError instead.
 */
export const describeFailure = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** Any failure in one line beside what it stopped (an upload): a call's title, the server's words and its request id. */
export function failureLine(error: unknown, subject: ErrorSubject): string {
  if (!isApiError(error)) return failureMessage(error);
  const described = describeError(error, subject);
  return [described.title, described.serverMessage, described.requestId ? `Request ID: ${described.requestId}` : '']
    .filter(Boolean)
    .join(' · ');
}
