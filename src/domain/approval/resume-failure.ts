import type { ApiError } from '@/domain/errors/api-error';
import { describeError, type ErrorDescription } from '@/domain/errors/describe-error';

/**
 * Why an Allow or Deny did not go through, in the person's words. A 404 means the server has nothing paused for the
 * conversation any more: the call was decided in another tab or device, or it expired. A refusal is about the
 * conversation, not the assistant.
 */
export function describeResumeFailure(error: ApiError): ErrorDescription {
  const base = describeError(error, 'assistant');
  if (error.status === 404)
    return {
      ...base,
      title: 'This tool call was already handled or has expired',
      explanation:
        'The server has no paused tool call for this conversation any more: it was allowed or denied elsewhere, or it expired. Open the conversation again to see how it went on.',
      action: 'none',
    };
  if (error.status === 403 || (error.status === 401 && /access denied/i.test(error.serverMessage ?? '')))
    return {
      ...base,
      title: 'You may not decide on this tool call',
      explanation: 'The server refused access to this conversation, so the paused call stays as it is.',
      action: 'none',
    };
  return base;
}
