// What the conversation store keeps, in the shapes real servers return: history items camelCase
// (GeneratedMessage), nested objects (thoughts, marks) snake_case.
import type { InProgressCasing, ServerGeneration } from '../generation';
import type { PendingState } from '../approval/checkpoint';
import type { ToolCallPolicy } from '../approval/policy';

/** A thought as stored in history: every field present; `interrupted`/`aborted` true only as a paused or denied tool call left them. */
export interface StoredThought {
  id: string;
  parent_id: string | null;
  metadata: Record<string, unknown>;
  in_progress: boolean;
  input_text: string | null;
  message: string | null;
  author_type: string | null;
  author_name: string | null;
  output_format: string | null;
  error: boolean;
  interrupted: boolean;
  aborted: boolean;
  children: StoredThought[];
}

export interface UserMark {
  mark: string;
  rating: number | null;
  comments: string | null;
  date: string;
  type: string | null;
  feedback_id: string;
}

export type HistoryRole = 'User' | 'Assistant';

/** One history item (user or assistant): every key present, null when unset. */
export interface HistoryItem {
  role: HistoryRole;
  message: string;
  historyIndex: number | null;
  date: string | null;
  responseTime: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheCreationInputTokens: number | null;
  cacheReadInputTokens: number | null;
  moneySpent: number | null;
  userMark: UserMark | null;
  operatorMark: UserMark | null;
  messageRaw: string | null;
  fileNames: string[];
  assistantId: string | null;
  thoughts: StoredThought[] | null;
  workflowExecutionRef: boolean;
  executionId: string | null;
  interactiveRequest: unknown;
  interactiveResponse: unknown;
  /** Current servers: the A2UI envelopes an assistant item showed, raw and in order (CURRENT-SERVERS.md §3.4). */
  a2uiEnvelopes: unknown[] | null;
  /** Current servers: the A2UI action a user item answered a surface with, and the data model it sent. */
  a2uiAction: unknown;
  a2uiDataModel: unknown;
  /** Current servers: the turn is still being generated (CURRENT-SERVERS.md §2.1); returned as `in_progress`. */
  inProgress: boolean;
  /** Current servers: how the turn ended (`success` while it runs; null on items no call stored). */
  status: TurnStatus | null;
}

export type TurnStatus = 'success' | 'error' | 'interrupted';

export interface Conversation {
  id: string;
  ownerId: string;
  ownerName: string;
  /** null: unnamed (reads fall back to the first message). */
  name: string | null;
  llmModel: string | null;
  enableImageGeneration: boolean;
  imageGenerationModel: string | null;
  folder: string | null;
  pinned: boolean;
  history: HistoryItem[];
  assistantIds: string[];
  initialAssistantId: string | null;
  isWorkflow: boolean;
  mcpServerSingleUsage: boolean;
  date: string;
  updateDate: string | null;
  /** Bumped on every change: orders conversations changed within the same millisecond. */
  revision: number;
  /** The generation of the server that stores it: which history keys reads return (absent: current). */
  server?: ServerGeneration;
  /** How reads spell the in-progress flag of history items (absent: snake). */
  inProgressCasing?: InProgressCasing;
  /** The person named the chat (PUT name): LLM naming leaves it alone. */
  namedByUser?: boolean;
  /** The chat's tool-call policy (current servers; unset: null). */
  toolCallPolicy?: ToolCallPolicy | null;
  /** A tool call waiting for a person (current servers; idle: null). */
  pending?: PendingState | null;
  /** When it was finished (current servers; open: unset or null): it takes no more messages. */
  finishedAt?: string | null;
}

export const blankItem = (role: HistoryRole, message: string, historyIndex: number | null): HistoryItem => ({
  role,
  message,
  historyIndex,
  date: null,
  responseTime: null,
  inputTokens: null,
  outputTokens: null,
  cacheCreationInputTokens: null,
  cacheReadInputTokens: null,
  moneySpent: null,
  userMark: null,
  operatorMark: null,
  messageRaw: null,
  fileNames: [],
  assistantId: null,
  thoughts: null,
  workflowExecutionRef: false,
  executionId: null,
  interactiveRequest: null,
  interactiveResponse: null,
  a2uiEnvelopes: null,
  a2uiAction: null,
  a2uiDataModel: null,
  inProgress: false,
  status: null,
});
