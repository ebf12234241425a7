import { withPendingCall } from '@/domain/approval/pending-turn';
import type { StoredPendingCall } from '@/domain/approval/paused-call';
import type { ConversationTurn } from '@/domain/conversations/conversation';
import { withFormsWaiting } from '@/domain/conversations/waiting-forms';
import { serverTimeMs } from '@/domain/time/server-time';
import type { StoredHistoryItem } from './server-history';
import { joinServerHistory } from './server-join';

/** What a served conversation's turns are read from (GET /v1/conversations/{id}). */
export interface ServedConversation {
  id: string;
  history: readonly StoredHistoryItem[];
  assistant_data?:
    | ReadonlyArray<{ assistant_id?: string | null | undefined; assistant_name?: string | null | undefined }>
    | null
    | undefined;
  assistant_ids?: readonly string[] | null | undefined;
  initial_assistant_id?: string | null | undefined;
  llm_model?: string | null | undefined;
  date?: string | null | undefined;
  pending_tool_call?: StoredPendingCall | null | undefined;
}

/**
 * The conversation's turns as the server has them, this browser's joined in (server-join.ts), with what waits for the
 * person marked: a paused tool call, a form. `known`: who answered the chat as this browser last saw it.
 */
export function servedTurns<T extends ConversationTurn>(
  conversation: ServedConversation,
  local: readonly T[],
  known: { id?: string | undefined; name?: string | undefined } | undefined,
  now: number,
): Array<T | ConversationTurn> {
  // Who answered, by id: the server's names, else the ones this browser knows (its turns, the chat's entry), so a
  // turn read back after a reload still says who asks ("Records Keeper wants to run …"), not "Assistant".
  const assistantNames = Object.fromEntries([
    ...local.flatMap((turn) =>
      turn.assistantName && turn.assistantName !== 'Assistant' ? [[turn.assistantId, turn.assistantName]] : [],
    ),
    ...(known?.id && known.name ? [[known.id, known.name]] : []),
    ...(conversation.assistant_data ?? []).flatMap((data) =>
      data.assistant_id && data.assistant_name?.trim() ? [[data.assistant_id, data.assistant_name]] : [],
    ),
  ]);
  const context = {
    conversationId: conversation.id,
    assistantNames,
    defaultAssistantId: conversation.initial_assistant_id ?? conversation.assistant_ids?.[0] ?? '',
    fallbackTime: serverTimeMs(conversation.date ?? undefined) ?? now,
    model: conversation.llm_model ?? undefined,
  };
  return withFormsWaiting(
    withPendingCall(joinServerHistory(conversation.history, context, local), conversation.pending_tool_call),
  );
}
