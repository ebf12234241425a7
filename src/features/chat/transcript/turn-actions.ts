import type { Turn } from '@/features/chat/runtime/turn';

/** What a turn's controls can do, given by the transcript to each turn's question, toolbar and answer. */
export interface TurnActions {
  /** Another answer is in flight in this conversation: retrying now would start a second one. */
  busy: boolean;
  /** Asks the same question again, as a new version (retry, regenerate); `secrets` typed again for a form answer. */
  retry(turn: Turn, secrets?: Readonly<Record<string, string>>): void;
  /** Opens the question for editing where it stands. */
  edit(turn: Turn): void;
  /** Sends an edited question as a new version of the turn. */
  sendEdit(turn: Turn, text: string): void;
  /** Why nothing can be sent now (no assistant, headers to fix…), if so. */
  sendBlocked: string | null;
  /** The conversation is finished (it takes no more messages): no regenerate, retry or edit. */
  finished?: boolean;
  /** Starts a new chat with the conversation's assistant, carrying its draft (the way on from a finished one). */
  startNewChat?(): void;
  /**
   * Shows another version among the turns with this parent. Given the parent's id, not the turn: a switcher's handler
   * kept by React from an earlier render would otherwise hold that render's turn (a whole answer's text) alive.
   */
  selectVersion(parentId: string | null, versionId: string): void;
  signIn(): void;
  pickAssistant(): void;
  /** Opens the model picker (the project does not allow the model asked for). */
  pickModel(): void;
}
