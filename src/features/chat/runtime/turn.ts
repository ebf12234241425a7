import { emptyAnswer } from '@/domain/answer/answer';
import type { ConversationTurn } from '@/domain/conversations/conversation';
import type { ForwardedHeaders } from '@/api/client/request-log';

export { isTurnActive } from '@/domain/conversations/conversation';

/** A conversation turn as this console keeps it: plus the call that answered it (request log entry, headers sent). */
export interface Turn extends ConversationTurn {
  request?: { logId: string; forwarded: ForwardedHeaders | null };
}

export function newTurn(
  init: Pick<Turn, 'id' | 'parentId' | 'question' | 'assistantId' | 'assistantName' | 'mode' | 'startedAt'> & {
    model?: string | undefined;
  },
): Turn {
  const { model, ...rest } = init;
  return { ...rest, ...(model ? { model } : {}), status: 'sending', answer: emptyAnswer };
}
