import { useMemo } from 'react';
import { standingDecisions } from '@/domain/approval/standing-allowances';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import type { Turn } from '@/features/chat/runtime/turn';
import { ToolApprovalCard } from './tool-approval-card';

/**
 * What a turn says about tool approval: the card while a call waits for the person, and one quiet line for the calls
 * that ran on their standing allowance for this chat.
 */
export function PausedCall({
  turn,
  conversationId,
  focusOnShow,
}: {
  turn: Turn;
  conversationId: string;
  focusOnShow: boolean;
}) {
  const runtime = useChatRuntime();
  const canAllowAlways = useChat((state) => state.allowancesApply[conversationId] === true);
  const standing = useMemo(() => standingDecisions(turn.answer.thoughts), [turn.answer.thoughts]);
  const allowing = useChat((state) => state.allowingByStanding[turn.id] === true);
  const finished = useChat((state) => state.conversations[conversationId]?.finishedAt !== undefined);
  // A finished chat takes no decision (the server refuses it): the card would ask for nothing.
  const call = turn.status === 'waiting' && !finished ? turn.answer.pausedToolCall : undefined;
  return (
    <>
      {standing.length > 0 ? (
        <p className="tool-approval-standing muted small" role="note">
          {standing.join(', ')} ran without asking: you allowed {standing.length === 1 ? 'it' : 'them'} for the rest of
          this chat.
        </p>
      ) : null}
      {call && allowing ? (
        <p className="tool-approval-standing muted small" role="status">
          Allowing {call.toolName}: you allowed it for the rest of this chat…
        </p>
      ) : call ? (
        <ToolApprovalCard
          // Another call found waiting (a stale card) is a new card: its buttons are live again.
          key={`${call.thoughtId ?? 'stored'}:${call.toolName}:${call.args}:${call.checkedAt ?? 0}`}
          call={call}
          assistantName={turn.assistantName}
          focusOnShow={focusOnShow}
          canAllowAlways={canAllowAlways}
          onDecide={(action, options) => runtime.decideToolCall(conversationId, turn.id, action, options)}
        />
      ) : null}
    </>
  );
}
