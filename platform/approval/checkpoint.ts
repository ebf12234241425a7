// What a paused turn keeps: the checkpoint the resume endpoint goes on from (kept server-side, CURRENT-SERVERS.md
// §1.3), and the pending tool call its conversation shows. Types alone, so that the conversation's record, the
// scripts and the approval run can all name them without importing one another.
import type { StepOutcome, ToolStep } from './plans';

/** What a paused turn keeps to go on later (real servers' `pending_checkpoint`: never shown to clients). */
export interface Checkpoint {
  question: string;
  /** The calls made (or denied) before the paused one. */
  outcomes: StepOutcome[];
  step: ToolStep;
  /** The id of the paused call's thought: the resumed stream re-sends it. */
  thoughtId: string;
  callId: string;
}

export interface PendingToolCall {
  pending_tool_call_id: string;
  tool_name: string;
  tool_args: Record<string, unknown>;
  display_name: string;
  all_tool_call_ids: string[];
  /** The paused turn's history index. */
  history_index: number;
  /** The question of the paused turn. */
  original_user_message: string;
}

export interface PendingState {
  view: PendingToolCall;
  checkpoint: Checkpoint;
  assistantId: string;
}
