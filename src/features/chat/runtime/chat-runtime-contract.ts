import type { ConversationSummary } from '@/domain/conversations/conversation';
import type { A2uiAnswer } from '@/domain/a2ui/answer';
import type { QueuedChoice } from '@/domain/conversations/follow-ups';
import type { ToolCallPolicy } from '@/domain/approval/tool-policy';
import type { PairVerdict } from '@/domain/workflows/verdicts/verdicts';
import type { StoreApi } from 'zustand/vanilla';
import type { AssistantCallRequest } from '@/api/stream/assistant-call';
import type { ToolCallDecision } from '@/api/stream/assistant-stream';
import type { ApiClient } from '@/api/client/http-client';
import type { TurnFeedback } from '@/domain/conversations/conversation';
import type { InteractiveResponse } from '@/domain/interactive/response';
import type { ChatState } from './chat-store';
import type { ConversationLibrary } from '@/features/chat/conversations/conversation-library';
import type { ServerConversations } from '@/features/chat/conversations/server-conversations';
import type { ConversationRepository } from '@/features/chat/conversations/conversation-repository';
import type { Turn } from './turn';

// What the chat runtime offers and what it is built from: the contract the screens and tests rely on.

/** Who answers and how: the pickers' choice when the question is sent. */
export interface AskChoice {
  assistant: { id: string; name: string };
  /** '' for the assistant's default model. */
  model: string;
  mode: 'stream' | 'json';
  /** The chat's tool switches (new questions only: regenerate and edit never send them). */
  tools?: { webSearch: boolean; codeInterpreter: boolean };
  /** The chat's tool-call policy where the server has them (sent with every question of the chat). */
  toolPolicy?: ToolCallPolicy | undefined;
  /** The files sent with the question (their file_url values); a new version of a turn sends the turn's. */
  fileNames?: readonly string[] | undefined;
}

/** What a call may carry besides the question: an answer to the agent's question, the tool switches. */
export type CallExtras = Pick<
  AssistantCallRequest,
  | 'interactive_response'
  | 'enable_web_search'
  | 'enable_code_interpreter'
  | 'tool_call_policy'
  | 'a2uiAction'
  | 'a2uiDataModel'
>;

/** The chat's follow-up queue (follow-up-verbs.ts): questions that go one per turn when the answer ends. */
export interface FollowUpVerbs {
  /** Queues a question, to go with `choice` when the answers before it have ended. */
  queue(conversationId: string, text: string, choice?: QueuedChoice): void;
  /** Changes a queued question's text (an empty text takes it off the queue). */
  editQueued(conversationId: string, id: string, text: string): void;
  moveQueued(conversationId: string, id: string, by: number): void;
  removeQueued(conversationId: string, id: string): void;
  clearQueue(conversationId: string): void;
  /** Holds the queue until the person resumes it. */
  pauseQueue(conversationId: string): void;
  /** The queue goes on: from this tab, at once where no answer runs. */
  resumeQueue(conversationId: string): void;
  /** Sends this queued question now: an answer running in the conversation is stopped first (on the server too). */
  sendQueuedNow(conversationId: string, id: string): void;
}

export interface DecisionOptions {
  always?: boolean;
  reason?: string;
}

export interface ChatRuntime extends ConversationLibrary, FollowUpVerbs {
  /** Reads the conversation list and the new chat's draft. */
  load(): Promise<void>;
  /** Reads one conversation's turns and draft (once per tab), then the server's copy where it keeps conversations. */
  open(conversationId: string): Promise<void>;
  /** Reads the server's copy of an open conversation again (it may have been continued elsewhere). */
  refresh(conversationId: string): Promise<void>;
  /**
   * While the conversation is on screen, reads the server's copy again each time the tab comes back into view (the
   * one watch helper's hidden-tab rule); the returned function ends that.
   */
  followOnReturn(conversationId: string): () => void;
  pin(conversationId: string, pinned: boolean): void;
  /**
   * Finishes the chat on the server (its owner; current servers): it takes no more messages. 'unsupported': the server
   * has no such route (nothing changed); 'failed': it refused (the problem is reported).
   */
  finish(conversationId: string): Promise<'finished' | 'unsupported' | 'failed'>;
  /** The person chose how much agents may do unasked in this chat: kept with it, and on the server's conversation. */
  setToolPolicy(conversationId: string, policy: ToolCallPolicy): void;
  /** Asks in a conversation; an id not known yet starts a new conversation under that id. */
  ask(conversationId: string, question: string, choice: AskChoice): void;
  stop(turnId: string): void;
  /** Stops an answer (the server's generation first, where it keeps generating), then runs `next` (Send now). */
  stopThen(turnId: string, next: () => void): Promise<void>;
  /** Answers the question the agent asked in `asking`: a new turn after it, streamed, carrying the response. */
  respond(conversationId: string, asking: Turn, text: string, response: InteractiveResponse): void;
  /**
   * Allows or denies the tool call a current server paused in this turn; the answer goes on in the same turn. `always`
   * (with allow) allows that tool for the rest of the chat; `reason` (with deny) is asked as the next question once
   * the resumed turn ends.
   */
  decideToolCall(conversationId: string, turnId: string, action: ToolCallDecision, options?: DecisionOptions): void;
  /** Takes back a standing "allow for the rest of this chat": that assistant's tool asks again. */
  revokeAllowance(conversationId: string, allowance: { assistantId: string; toolName: string }): void;
  /**
   * Whether the chat's assistants let it loosen their tool policy (read from the catalog where the chat is shown):
   * standing allowances apply only where they do, and never before it is known (an assistant's Manual floor wins).
   */
  allowancesApply(conversationId: string, apply: boolean): void;
  /** Answers a form (A2UI) the agent asked with in `askingTurnId`: a new turn after it, streamed; its id. */
  answerForm(conversationId: string, askingTurnId: string, answer: A2uiAnswer): string | null;
  /**
   * The person judged the answer to question `index` (from 0) of this conversation against the same question's in
   * `against` (better, same, worse: `null` takes it away), or wrote a note on it. Kept in this browser only.
   */
  judgeAnswer(
    conversationId: string,
    against: string,
    index: number,
    change: { verdict?: PairVerdict | null; note?: string },
  ): void;
  /** The person's like / dislike of an answer was stored on the server (null: removed there). */
  feedbackMarked(conversationId: string, turnId: string, feedback: TurnFeedback | null): void;
  /**
   * Asks a turn's question again as a new version of it (retry after a failure, or regenerate). A form answer that
   * carried secrets (obscured fields) goes again only with them typed again (`secrets`, by the field's path): the
   * console never kept them. Returns false when they are missing.
   */
  regenerate(
    conversationId: string,
    turn: Turn,
    mode: AskChoice['mode'],
    secrets?: Readonly<Record<string, string>>,
  ): boolean;
  /** Sends an edited question as a new version of a turn. */
  edit(conversationId: string, turnId: string, question: string, choice: AskChoice): void;
  selectVersion(conversationId: string, parentId: string | null, turnId: string): void;
  draftChanged(key: string, text: string): void;
  /** Opens a turn's question for editing where it stands (an edit already under way keeps its text). */
  startEditing(conversationId: string, turn: Turn): void;
  editChanged(conversationId: string, turnId: string, text: string): void;
  cancelEditing(conversationId: string, turnId: string): void;
  /** Stops every answer in flight (sign-out): the server stops working on them too. Resolves once they are saved. */
  cancelAll(): Promise<void>;
  /** Saves the answers in flight as they are now (the page is being hidden or closed). */
  saveLive(): void;
}

export interface ChatRuntimeDeps {
  store: StoreApi<ChatState>;
  repository: ConversationRepository;
  client: () => ApiClient;
  now?: () => number;
  newId?: () => string;
  /** When coalesced chunks reach the screen: once per animation frame in the browser. */
  schedule?: (run: () => void) => unknown;
  /** How often a streaming turn is saved, so a closed page keeps most of what had arrived. */
  checkpointMs?: number;
  /** A list entry changed here (other tabs of the same person follow it). */
  onSummarySaved?: (summary: ConversationSummary) => void;
  /** The person's conversations on the server; absent, this browser is their only store. */
  server?: ServerConversations;
  /** This tab's name, kept across its reloads: a chat's queue is sent from the tab it names (default: a new one). */
  tabId?: string;
}
