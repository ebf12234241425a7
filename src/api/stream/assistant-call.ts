import type { ToolCallPolicy } from '@/domain/approval/tool-policy';
import type { InteractiveResponse } from '@/domain/interactive/response';

export interface HistoryEntry {
  role: 'User' | 'Assistant';
  message: string;
}

/** The body of an assistant call: the seed's fields plus the ones real servers also accept. */
export interface AssistantCallRequest {
  text: string;
  /**
   * The model to answer with. Omitted, current servers use the conversation's stored model; null chooses the
   * assistant's default (CURRENT-SERVERS.md, corrections).
   */
  llmModel?: string | null;
  propagate_headers?: boolean;
  conversation_id?: string;
  /**
   * The question's position in the conversation (0 for the first). Real servers store the turn at this index,
   * so an edit or regenerate re-sends its own index and becomes a new version of that turn, not a new turn.
   */
  history_index?: number;
  history?: HistoryEntry[];
  /** The answer to the agent's question of the turn before (DEPLOYED-API.md §3). */
  interactive_response?: InteractiveResponse;
  /** Per-chat tool switches: sent only when on, and never on regenerate or edit, as the official UI does. */
  enable_web_search?: true;
  enable_code_interpreter?: true;
  /** Current servers: this call's tool-call policy (the chat's choice; ignored where the assistant allows no override). */
  tool_call_policy?: ToolCallPolicy;
  /** Current servers: the answer to an agent's A2UI form (the pressed action, the whole data model). */
  a2uiAction?: unknown;
  a2uiDataModel?: unknown;
  /** The A2UI catalogs this console draws: current servers offer their form tool only to clients that declare one. */
  a2uiSupportedCatalogs?: string[];
  /** The files sent with the question: the `file_url` of each upload (at most 20). */
  file_names?: string[];
}
