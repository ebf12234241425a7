import type { ConversationTurn } from './conversation';

export interface HistoryMessage {
  role: 'User' | 'Assistant';
  message: string;
}

/**
 * The earlier exchanges sent as `history` with a new question, so the assistant can follow the conversation.
 * Only finished answers count: a failed, stopped or interrupted turn would hand the assistant half a reply.
 */
export function historyOf(path: readonly ConversationTurn[]): HistoryMessage[] {
  return path
    .filter((turn) => turn.status === 'completed')
    .flatMap((turn): HistoryMessage[] => [
      { role: 'User', message: turn.question },
      { role: 'Assistant', message: turn.answer.text },
    ]);
}
