import { emptyAnswer } from '@/domain/answer/answer';
import type { ConversationTurn } from '@/domain/conversations/conversation';

/** A finished turn for tests: only what a test cares about needs saying. */
export function turnFixture(
  id: string,
  parentId: string | null,
  startedAt: number,
  change: Partial<ConversationTurn> = {},
): ConversationTurn {
  return {
    id,
    parentId,
    question: `question ${id}`,
    assistantId: 'a1',
    assistantName: 'General Assistant',
    mode: 'stream',
    status: 'completed',
    answer: { ...emptyAnswer, text: `answer ${id}`, complete: true },
    startedAt,
    endedAt: startedAt + 1,
    ...change,
  };
}
