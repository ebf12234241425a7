import type { ApiError } from '@/domain/errors/api-error';
import { describeError, type ErrorDescription } from '@/domain/errors/describe-error';
import type { ConversationTurn } from '@/domain/conversations/conversation';

/**
 * Why an Allow or Deny did not go through, in the person's words. A 404 means the server has nothing paused for the
 * conversation any more: the call was decided in another tab or device, or it expired. A refusal is about the
 * conversation, not the assistant. Nothing is offered again: the chat shows what the server holds now.
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
  // A retry of a resume could decide a call the person never saw: the approval is shown as the server has it.
  return { ...base, action: 'none' };
}

/**
 * What went wrong with a resumed answer, in the server's words, or null when it went on: a failed call (404, 5xx), or
 * an error inside the stream with nothing of an answer (current servers answer a resume with nothing pending so).
 */
export function resumeFailureWords(turn: Pick<ConversationTurn, 'status' | 'error' | 'answer'>): string | null {
  if (turn.status === 'failed') return sentence(turn.error?.title ?? 'It refused the decision');
  const { answer } = turn;
  const inStream = answer.executionError !== undefined || answer.success === false;
  // An answer cut short by a refusal after it began (`errorText` beside it) did go on.
  if (!inStream || answer.errorText !== undefined) return null;
  const words = (answer.errorText ?? answer.serverErrors?.[0] ?? answer.text).trim();
  return sentence(words || `It answered ${answer.executionError ?? 'with an error'}`);
}

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);
