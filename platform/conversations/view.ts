// The shapes real servers answer with: the full Conversation (snake_case top level, camelCase history items)
// and the list item of GET /v1/conversations.
import { findAssistant } from '../catalog/catalog-data';
import type { Conversation, HistoryItem } from './types';
import type { ServerGeneration } from '../generation';
import { finishedKeys } from './finished';

export interface HistoryPage {
  page: number;
  perPage: number;
  sortOrder?: 'asc' | 'desc';
}

/** `conversation_name` falls back to the first message cut to 50 characters + "...". */
function displayName(conversation: Conversation): string {
  if (conversation.name) return conversation.name;
  const first = conversation.history[0];
  return first ? `${first.message.slice(0, 50)}...` : '';
}

function assistantData(conversation: Conversation) {
  return conversation.assistantIds.flatMap((id) => {
    const assistant = findAssistant(id);
    if (!assistant) return [];
    return [
      {
        assistant_id: id,
        assistant_name: assistant.name,
        assistant_icon: null,
        assistant_type: 'Assistant',
        context: [],
        tools: [],
        conversation_starters: [...assistant.conversationStarters],
      },
    ];
  });
}

/**
 * A history item as the conversation's server generation returns it: current servers dropped `interactiveRequest` /
 * `interactiveResponse` and added the A2UI keys (CURRENT-SERVERS.md §3.4); 2.42 servers know no A2UI keys.
 */
function itemOfGeneration(conversation: Conversation, item: HistoryItem) {
  const {
    interactiveRequest,
    interactiveResponse,
    a2uiEnvelopes,
    a2uiAction,
    a2uiDataModel,
    inProgress,
    status,
    ...rest
  } = item;
  if (conversation.server === '2.42') return { ...rest, interactiveRequest, interactiveResponse };
  return { ...rest, a2uiEnvelopes, a2uiAction, a2uiDataModel, ...inProgressKeys(conversation, inProgress), status };
}

/** Background generation's flag (CURRENT-SERVERS.md §2.1): snake case by default; camelCase on request, to test both. */
function inProgressKeys(conversation: Conversation, inProgress: boolean) {
  const casing = conversation.inProgressCasing ?? 'snake';
  return {
    ...(casing !== 'camel' ? { in_progress: inProgress } : {}),
    ...(casing !== 'snake' ? { inProgress } : {}),
  };
}

/** Paging over the raw history array (each item counts, versions included), optionally sorted by item date. */
function pageOf(history: HistoryItem[], { page, perPage, sortOrder }: HistoryPage) {
  const sorted =
    sortOrder === undefined
      ? history
      : [...history].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') * (sortOrder === 'desc' ? -1 : 1));
  const total = history.length;
  const pages = Math.ceil(total / perPage);
  return {
    items: sorted.slice(page * perPage, (page + 1) * perPage),
    pagination: { page, per_page: perPage, total, pages, has_next: page + 1 < pages, has_previous: page > 0 },
  };
}

export interface FullOptions {
  page?: HistoryPage;
  /** POST /v1/conversations answers the row as created: assistant data only for workflow chats. */
  asCreated?: boolean;
  /** 2.42 servers' conversations have no tool-call keys (default: current). */
  server?: ServerGeneration;
}

/** Current servers' conversation columns for tool-call approval (CURRENT-SERVERS.md §1.1, §1.3), null when unset. */
const approvalKeys = (conversation: Conversation, server: ServerGeneration | undefined) =>
  server === '2.42'
    ? {}
    : { tool_call_policy: conversation.toolCallPolicy ?? null, pending_tool_call: conversation.pending?.view ?? null };

export function fullConversation(conversation: Conversation, options: FullOptions = {}) {
  const paged = options.page ? pageOf(conversation.history, options.page) : undefined;
  const base = {
    id: conversation.id,
    conversation_id: conversation.id,
    conversation_name: options.asCreated ? (conversation.name ?? '') : displayName(conversation),
    llm_model: conversation.llmModel,
    enable_image_generation: conversation.enableImageGeneration,
    image_generation_model: conversation.imageGenerationModel,
    folder: conversation.folder,
    pinned: conversation.pinned,
    history: (paged ? paged.items : conversation.history).map((item) => itemOfGeneration(conversation, item)),
    user_id: conversation.ownerId,
    user_name: conversation.ownerName,
    assistant_ids: [...conversation.assistantIds],
    assistant_data: options.asCreated && !conversation.isWorkflow ? [] : assistantData(conversation),
    initial_assistant_id: conversation.initialAssistantId,
    final_user_mark: null,
    final_operator_mark: null,
    project: null,
    mcp_server_single_usage: conversation.mcpServerSingleUsage,
    is_workflow_conversation: conversation.isWorkflow,
    conversation_details: null,
    assistant_details: null,
    user_abilities: ['read', 'write', 'delete'],
    is_folder_migrated: true,
    category: null,
    date: conversation.date,
    update_date: conversation.updateDate,
    ...approvalKeys(conversation, options.server),
    ...finishedKeys(conversation),
  };
  if (options.asCreated) return base;
  return {
    ...base,
    very_first_msg_at: null,
    very_last_msg_at: null,
    ...(paged ? { pagination: paged.pagination } : {}),
  };
}

/** One item of GET /v1/conversations: an unnamed chat is `""` unpaged and `null` paged. */
export function listItem(conversation: Conversation, paged: boolean) {
  const names = conversation.assistantIds
    .map((id) => findAssistant(id)?.name)
    .filter((name): name is string => name !== undefined);
  return {
    id: conversation.id,
    name: conversation.name ?? (paged ? null : ''),
    folder: conversation.folder,
    pinned: conversation.pinned,
    date: conversation.updateDate ?? conversation.date,
    update_date: conversation.updateDate,
    assistant_ids: [...conversation.assistantIds],
    initial_assistant_id: conversation.initialAssistantId,
    // Null unless the server enables CONVERSATION_HISTORY_STATS_ENABLED (off by default).
    very_first_msg_at: null,
    very_last_msg_at: null,
    is_workflow: conversation.isWorkflow,
    // Only workflow chats carry these.
    workflow_id: null,
    conversation_id: null,
    assistant_icon: null,
    assistant_names: names,
    ...finishedKeys(conversation),
  };
}
