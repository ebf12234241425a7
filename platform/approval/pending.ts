// The pending tool call a paused turn leaves on its conversation (CURRENT-SERVERS.md §1.3): the seven fields
// `GET /v1/conversations/{id}` shows, and the checkpoint the resume endpoint goes on from (kept server-side).
import type { Conversation } from '../conversations/types';
import type { Checkpoint } from './checkpoint';

/** Stores a pause of the turn at `historyIndex` (set after the turn is saved, as real servers do). */
export function setPending(
  conversation: Conversation,
  assistantId: string,
  historyIndex: number,
  checkpoint: Checkpoint,
): void {
  conversation.pending = {
    assistantId,
    checkpoint,
    view: {
      pending_tool_call_id: checkpoint.callId,
      tool_name: checkpoint.step.tool,
      tool_args: checkpoint.step.args,
      display_name: checkpoint.step.displayName,
      // One call per batch in the local assistants: the batch is the paused call alone.
      all_tool_call_ids: [checkpoint.callId],
      history_index: historyIndex,
      original_user_message: checkpoint.question,
    },
  };
}
