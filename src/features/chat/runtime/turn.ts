import { z } from 'zod';
import { emptyAnswer } from '@/domain/answer/answer';
import { turnSchema } from '@/domain/conversations/conversation';
import { forwardedHeadersSchema } from '@/domain/headers/forwarded-headers';

export { isTurnActive } from '@/domain/conversations/conversation';

/**
 * A conversation turn as this console keeps it: plus the call that answered it (request log entry, headers sent).
 * A damaged `request` is dropped, not the turn: the turn reads the same without it.
 */
export const consoleTurnSchema = turnSchema.extend({
  request: z.object({ logId: z.string(), forwarded: forwardedHeadersSchema.nullable() }).optional().catch(undefined),
});
export type Turn = z.output<typeof consoleTurnSchema>;

export function newTurn(
  init: Pick<Turn, 'id' | 'parentId' | 'question' | 'assistantId' | 'assistantName' | 'mode' | 'startedAt'> & {
    model?: string | undefined;
  },
): Turn {
  const { model, ...rest } = init;
  return { ...rest, ...(model ? { model } : {}), status: 'sending', answer: emptyAnswer };
}
