import type { ApiError } from '@/domain/errors/api-error';
import { describeError, isConversationFinished, type ErrorDescription } from '@/domain/errors/describe-error';
import { cutWhileAway } from '@/domain/errors/stream-ends';
import type { ConversationTurn } from '@/domain/conversations/conversation';

/**
 * Why an Allow or Deny did not go through, in the person's words. A 404 means the server has nothing paused for the
 * conversation any more: the call was decided in another tab or device, or it expired. A refusal is about the
 * conversation, not the assistant. Nothing is offered again: the chat shows what the server holds now.
 */
export function describeResumeFailure(error: ApiError): ErrorDescription {
  const base = describeError(error, 'assistant');
  // Finished meanwhile: the way on is a new chat, as for a question sent there.
  if (isConversationFinished(error)) return base;
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
 * an error inside the stream that brought nothing of the answer after the pause (current servers answer a resume with
 * nothing pending so). `textBefore`: the answer's text when the decision was sent (what the agent wrote before pausing).
 */
export function resumeFailureWords(
  turn: Pick<ConversationTurn, 'status' | 'error' | 'answer'>,
  textBefore = '',
): string | null {
  // The connection dropped while the tab was away: the server took the decision, and the answer is picked up.
  if (turn.status === 'failed' && turn.error?.title === cutWhileAway.title) return null;
  if (turn.status === 'failed') return sentence(turn.error?.title ?? 'It refused the decision');
  const { answer } = turn;
  const inStream = answer.executionError !== undefined || answer.success === false;
  // A refusal that came after some of the answer keeps its words apart (`errorText`): the call went on if the answer
  // grew past what the agent wrote before pausing. Without it, the error's words are all the answer there is.
  const grew = answer.errorText !== undefined && answer.text !== textBefore;
  if (!inStream || grew) return null;
  const words = (answer.errorText ?? answer.serverErrors?.[0] ?? answer.text).trim();
  return sentence(words || `It answered ${answer.executionError ?? 'with an error'}`);
}

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);
