import { z } from 'zod';
import { storedHistoryItemSchema } from '@/domain/conversations/server/server-history';

// The conversations endpoints of real servers (DEPLOYED-API.md §1): list items and top level snake_case, history
// items camelCase with snake_case objects nested in them. Only what the console reads is checked; the rest passes.

const text = z.string().nullish();

/** One entry of GET /v1/conversations (a bare array, no envelope). `name` is "" or null for an unnamed chat. */
export const serverListItemSchema = z.looseObject({
  id: z.string(),
  name: text,
  folder: text,
  pinned: z.boolean().nullish(),
  date: text,
  update_date: text,
  assistant_ids: z.array(z.string()).nullish(),
  initial_assistant_id: text,
  is_workflow: z.boolean().nullish(),
  assistant_names: z.array(z.string()).nullish(),
  /** Current servers: when the chat was finished (null: open; absent on 2.42 servers). */
  finished_at: text.catch(null),
});
export type ServerListItem = z.output<typeof serverListItemSchema>;
export const serverListSchema = z.array(serverListItemSchema);

export const serverAssistantDataSchema = z.looseObject({ assistant_id: text, assistant_name: text });

/** GET /v1/conversations/{id} without paging: the whole history in stored order. */
export const serverConversationSchema = z.looseObject({
  id: z.string(),
  conversation_name: text,
  pinned: z.boolean().nullish(),
  folder: text,
  history: z.array(storedHistoryItemSchema),
  assistant_ids: z.array(z.string()).nullish(),
  assistant_data: z.array(serverAssistantDataSchema).nullish(),
  initial_assistant_id: text,
  /** A workflow's conversation (real servers: `is_workflow_conversation`): its turns follow the execution. */
  is_workflow_conversation: z.boolean().nullish(),
  is_workflow: z.boolean().nullish(),
  llm_model: text,
  date: text,
  update_date: text,
  /** Current servers: the tool call paused for the person's approval (null when nothing waits). */
  pending_tool_call: z
    .looseObject({
      pending_tool_call_id: text,
      tool_name: text,
      display_name: text,
      tool_args: z.unknown(),
      history_index: z.number().nullish(),
      original_user_message: text,
    })
    .nullish()
    .catch(null),
  /** Current servers: the chat's own tool-call policy (null: the assistants' apply). */
  tool_call_policy: z.enum(['auto_approve', 'approve_for_me', 'ask_for_approval']).nullish().catch(null),
  /** Current servers: when the chat was finished (an admin, a job or its owner); null: open. 2.42 servers omit it. */
  finished_at: text.catch(null),
});
export type ServerConversation = z.output<typeof serverConversationSchema>;

/** GET /v1/conversations/search: at most 20 items, chats and folders. */
export const serverSearchSchema = z.looseObject({
  items: z.array(
    z.looseObject({
      id: z.string(),
      name: text,
      updated_at: text,
      type: text,
      folder: text,
      finished_at: text.catch(null),
    }),
  ),
});
export type ServerSearchHit = z.output<typeof serverSearchSchema>['items'][number];
