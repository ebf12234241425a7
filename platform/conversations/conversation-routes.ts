// GET/POST/PUT/DELETE /v1/conversations[/{id}], /search and /new, as real servers answer them.
import { sendJson } from '../http-util';
import { ApiError } from '../api/errors';
import { unhandledError } from '../api/unhandled-error';
import { readJsonObject } from '../api/validate';
import { findAssistant, findWorkflow } from '../catalog/catalog-data';
import { field, intQuery, isBoolean, isString, stringLength, typed } from './params';
import { touch, type ConversationStore } from './store';
import type { Conversation } from './types';
import type { ApiRoute, RouteContext } from './route-types';
import { fullConversation, listItem, type HistoryPage } from './view';
import { policyField } from '../approval/policy';
import { isAutomaticName } from '../background/naming';
import { finishedFilter, finishedKeys } from './finished';

function list(store: ConversationStore, { res, principal, query }: RouteContext): void {
  const page = intQuery(query, 'page', 0, Number.MAX_SAFE_INTEGER);
  const perPage = intQuery(query, 'per_page', 1, 200);
  // Current servers: ?isFinished=true|false keeps finished or open chats only.
  const finished = store.server === '2.42' ? undefined : finishedFilter(query);
  const all = store
    .listFor(principal.userId)
    .filter((item) => finished === undefined || Boolean(item.finishedAt) === finished);
  // Neither parameter: everything, unpaged. One of them: the other takes its default.
  if (page === undefined && perPage === undefined)
    return sendJson(
      res,
      200,
      all.map((item) => listItem(item, false)),
    );
  const size = perPage ?? 20;
  const from = (page ?? 0) * size;
  sendJson(
    res,
    200,
    all.slice(from, from + size).map((item) => listItem(item, true)),
  );
}

function search(store: ConversationStore, { res, principal, query }: RouteContext): void {
  const text = stringLength(query, 'query', 3, 100).toLowerCase();
  const items = store
    .listFor(principal.userId)
    .filter((item) => (item.name ?? '').toLowerCase().includes(text))
    .slice(0, 20)
    .map((item) => ({
      id: item.id,
      name: item.name,
      updated_at: item.updateDate ?? item.date,
      type: 'chat',
      folder: item.folder,
      ...finishedKeys(item),
    }));
  sendJson(res, 200, { items });
}

function historyPage(query: URLSearchParams): HistoryPage | undefined {
  const page = intQuery(query, 'page', 0, Number.MAX_SAFE_INTEGER);
  const perPage = intQuery(query, 'per_page', 1, 500);
  const sortOrder = query.get('sort_order');
  if (sortOrder !== null && sortOrder !== 'asc' && sortOrder !== 'desc') {
    const msg = "Input should be 'asc' or 'desc'";
    throw new ApiError(422, `sort_order: ${msg}`, [{ loc: ['query', 'sort_order'], msg, type: 'literal_error' }]);
  }
  if (page === undefined && perPage === undefined && sortOrder === null) return undefined;
  return { page: page ?? 0, perPage: perPage ?? 20, ...(sortOrder !== null ? { sortOrder } : {}) };
}

async function create(store: ConversationStore, { req, res, principal }: RouteContext): Promise<void> {
  const body = await readJsonObject(req, true);
  const initialAssistantId = typed<string>(
    field(body, 'initial_assistant_id', 'initialAssistantId'),
    'initial_assistant_id',
    isString,
    'a valid string',
  );
  const folder = typed<string>(field(body, 'folder', 'folder'), 'folder', isString, 'a valid string');
  const isWorkflow =
    typed<boolean>(field(body, 'is_workflow', 'isWorkflow'), 'is_workflow', isBoolean, 'a valid boolean') ?? false;
  const single = typed<boolean>(
    field(body, 'mcp_server_single_usage', 'mcpServerSingleUsage'),
    'mcp_server_single_usage',
    isBoolean,
    'a valid boolean',
  );
  const created = store.create(principal, {
    initialAssistantId: initialAssistantId ?? null,
    folder: folder ?? null,
    isWorkflow,
    mcpServerSingleUsage: single ?? false,
  });
  // Real servers save the row first, then look the workflow up: an unknown one leaves the conversation behind.
  if (isWorkflow && (initialAssistantId === undefined || !findWorkflow(initialAssistantId)))
    throw unhandledError(`KeyError: '${initialAssistantId ?? 'None'}'`);
  sendJson(res, 200, fullConversation(created, { asCreated: true, server: store.server }));
}

function template(store: ConversationStore, { res, principal, query }: RouteContext): void {
  const id = query.get('initial_assistant_id');
  const isWorkflow = query.get('is_workflow') === 'true';
  if (id !== null && !(isWorkflow ? findWorkflow(id) : findAssistant(id))) {
    const what = isWorkflow ? 'Workflow' : 'Assistant';
    throw new ApiError(
      404,
      `${what} not found`,
      `The ${what.toLowerCase()} with ID [${id}] could not be found in the system.`,
      null,
    );
  }
  // Built like a new row but never stored: the id is the literal "new".
  const draft: Conversation = {
    ...store.draft(principal, { initialAssistantId: id, folder: query.get('folder'), isWorkflow }),
    id: 'new',
  };
  sendJson(res, 200, fullConversation(draft, { asCreated: true, server: store.server }));
}

async function update(store: ConversationStore, { req, res, principal, params }: RouteContext): Promise<void> {
  const body = await readJsonObject(req, true);
  const conversation = store.writable(principal, params[0] ?? '');
  // Current servers only (2.42's update model has no such field: pydantic ignores it). Checked before any change;
  // null clears it.
  const sent = field(body, 'tool_call_policy', 'toolCallPolicy');
  const policy =
    sent.present && store.server !== '2.42' ? policyField(sent.value, ['body', 'tool_call_policy']) : undefined;
  const name = typed<string>(field(body, 'name', 'name'), 'name', isString, 'a valid string');
  if (name) {
    // Empty or absent: ignored (a name cannot be cleared). A person's rename is kept from LLM naming.
    if (!isAutomaticName(conversation, name)) conversation.namedByUser = true;
    conversation.name = name;
  }
  const folder = typed<string>(field(body, 'folder', 'folder'), 'folder', isString, 'a valid string');
  if (folder !== undefined) conversation.folder = folder === '' ? null : folder;
  const pinned = typed<boolean>(field(body, 'pinned', 'pinned'), 'pinned', isBoolean, 'a valid boolean');
  if (pinned !== undefined) conversation.pinned = pinned;
  // These apply whenever the key is present: null clears them.
  const llm = field(body, 'llm_model', 'llmModel');
  if (llm.present) conversation.llmModel = typed<string>(llm, 'llm_model', isString, 'a valid string') ?? null;
  const image = field(body, 'enable_image_generation', 'enableImageGeneration');
  if (image.present)
    conversation.enableImageGeneration =
      typed<boolean>(image, 'enable_image_generation', isBoolean, 'a valid boolean') ?? false;
  const imageModel = field(body, 'image_generation_model', 'imageGenerationModel');
  if (imageModel.present)
    conversation.imageGenerationModel =
      typed<string>(imageModel, 'image_generation_model', isString, 'a valid string') ?? null;
  // Only reorders: an assistant not yet in the conversation is not added.
  const active = typed<string>(
    field(body, 'active_assistant_id', 'activeAssistantId'),
    'active_assistant_id',
    isString,
    'a valid string',
  );
  if (active !== undefined && conversation.assistantIds.includes(active)) {
    conversation.assistantIds = [active, ...conversation.assistantIds.filter((id) => id !== active)];
  }
  if (policy !== undefined) conversation.toolCallPolicy = policy;
  touch(conversation);
  sendJson(res, 200, fullConversation(conversation, { server: store.server }));
}

export function conversationRoutes(store: ConversationStore): ApiRoute[] {
  return [
    { method: 'GET', pattern: /^\/conversations$/, handle: (ctx) => list(store, ctx) },
    { method: 'POST', pattern: /^\/conversations$/, handle: (ctx) => create(store, ctx) },
    {
      method: 'DELETE',
      pattern: /^\/conversations$/,
      handle: ({ res, principal }) => {
        store.clearFor(principal.userId);
        sendJson(res, 200, { message: 'Conversation history cleared' });
      },
    },
    { method: 'GET', pattern: /^\/conversations\/search$/, handle: (ctx) => search(store, ctx) },
    { method: 'GET', pattern: /^\/conversations\/new$/, handle: (ctx) => template(store, ctx) },
    {
      method: 'GET',
      pattern: /^\/conversations\/([^/]+)$/,
      handle: ({ res, principal, params, query }) => {
        const page = historyPage(query);
        sendJson(
          res,
          200,
          fullConversation(store.readable(principal, params[0] ?? ''), {
            server: store.server,
            ...(page ? { page } : {}),
          }),
        );
      },
    },
    { method: 'PUT', pattern: /^\/conversations\/([^/]+)$/, handle: (ctx) => update(store, ctx) },
    {
      method: 'DELETE',
      pattern: /^\/conversations\/([^/]+)$/,
      handle: ({ res, principal, params }) => {
        store.delete(store.writable(principal, params[0] ?? '').id);
        sendJson(res, 200, { message: 'Specified conversation removed' });
      },
    },
  ];
}
