// The history routes of a conversation: clear, edit an AI answer (a new version), remove a turn, bulk upsert.
import { sendJson } from '../http-util';
import { badRequest } from '../api/errors';
import { unhandledError } from '../api/unhandled-error';
import { readJsonObject } from '../api/validate';
import { noteAssistant, removeTurn, upsertItems, versionPair } from './history';
import { historyItemOf } from './interactive/item-input';
import { field, intPath, isInteger, isString, typed } from './params';
import { accessDenied, touch, type ConversationStore } from './store';
import type { ApiRoute, RouteContext } from './route-types';
import { fullConversation } from './view';
import { requireOpen } from './finished';

/** PUT …/history/{i}: copies version `messageIndex` of turn i, with the new answer, as a new version at the end. */
async function editAnswer(store: ConversationStore, { req, res, principal, params }: RouteContext): Promise<void> {
  const historyIndex = intPath(params[1] ?? '', 'history_index');
  const body = await readJsonObject(req);
  const k = typed<number>(field(body, 'message_index', 'messageIndex'), 'messageIndex', isInteger, 'a valid integer');
  const message = typed<string>(field(body, 'message', 'message'), 'message', isString, 'a valid string') ?? '';
  const conversation = requireOpen(store.writable(principal, params[0] ?? ''));
  // Real servers index a list with it unchecked: missing or out of range is an unhandled error.
  if (k === undefined) throw unhandledError('TypeError: list indices must be integers or slices, not NoneType');
  const { user, assistant } = versionPair(conversation, historyIndex, k);
  if (!user || !assistant) throw unhandledError('IndexError: list index out of range');
  conversation.history.push(structuredClone(user), { ...structuredClone(assistant), message });
  touch(conversation);
  sendJson(res, 200, fullConversation(conversation, { server: store.server }));
}

/** PUT …/history: each item replaces the last stored one with its (historyIndex, role), else is appended. */
async function bulkUpsert(store: ConversationStore, { req, res, principal, params }: RouteContext): Promise<void> {
  const id = params[0] ?? '';
  const body = await readJsonObject(req);
  const assistantId = typed<string>(
    field(body, 'assistant_id', 'assistant_id'),
    'assistant_id',
    isString,
    'a valid string',
  );
  const folder = typed<string>(field(body, 'folder', 'folder'), 'folder', isString, 'a valid string');
  const sent = body['history'];
  if (!Array.isArray(sent) || sent.length === 0)
    throw badRequest('History cannot be empty', 'Send at least one history item.');
  const items = sent.map(historyItemOf);
  const existing = store.find(id);
  if (existing && existing.ownerId !== principal.userId) throw accessDenied(id);
  if (existing) requireOpen(existing);
  const conversation =
    existing ?? store.create(principal, { id, initialAssistantId: assistantId ?? null, folder: folder ?? null });
  const added = upsertItems(conversation, items);
  if (assistantId !== undefined) noteAssistant(conversation, assistantId);
  touch(conversation);
  sendJson(res, existing ? 200 : 201, {
    conversation_id: id,
    new_messages: added,
    total_messages: conversation.history.length,
    created: !existing,
  });
}

export function historyRoutes(store: ConversationStore): ApiRoute[] {
  return [
    {
      method: 'DELETE',
      pattern: /^\/conversations\/([^/]+)\/history$/,
      handle: ({ res, principal, params }) => {
        const conversation = requireOpen(store.writable(principal, params[0] ?? ''));
        // Only the history goes (with linked executions on real servers); assistant_ids and the name stay.
        conversation.history = [];
        touch(conversation);
        sendJson(res, 200, fullConversation(conversation, { server: store.server }));
      },
    },
    { method: 'PUT', pattern: /^\/conversations\/([^/]+)\/history$/, handle: (ctx) => bulkUpsert(store, ctx) },
    { method: 'PUT', pattern: /^\/conversations\/([^/]+)\/history\/([^/]+)$/, handle: (ctx) => editAnswer(store, ctx) },
    {
      method: 'DELETE',
      pattern: /^\/conversations\/([^/]+)\/history\/([^/]+)$/,
      handle: ({ res, principal, params }) => {
        const historyIndex = intPath(params[1] ?? '', 'history_index');
        const conversation = requireOpen(store.writable(principal, params[0] ?? ''));
        removeTurn(conversation, historyIndex);
        touch(conversation);
        sendJson(res, 200, fullConversation(conversation, { server: store.server }));
      },
    },
  ];
}
