// POST /v1/share/conversations (the owner shares a conversation) and GET /v1/share/conversations/{token} (any
// signed-in person reads it, with `share_token` and `shared_file_urls`), as current servers answer them
// (CURRENT-SERVERS.md §4). 2.42 servers have neither route.
import { sendJson } from '../http-util';
import { ApiError, validationError } from '../api/errors';
import { readJsonObject } from '../api/validate';
import { field, isString, typed } from '../conversations/params';
import type { ConversationStore } from '../conversations/store';
import type { ApiRoute, RouteContext } from '../conversations/route-types';
import { fullConversation } from '../conversations/view';
import { fileTokensOf, type ShareStore } from './share-store';

export const shareNotFound = (token: string): ApiError =>
  new ApiError(
    404,
    'Shared conversation not found',
    `The shared conversation with token [${token}] could not be found or is no longer shared.`,
    'Ask the conversation owner for a new link.',
  );

async function createShare(
  conversations: ConversationStore,
  shares: ShareStore,
  { req, res, principal }: RouteContext,
): Promise<void> {
  const body = await readJsonObject(req);
  const chatId = typed<string>(field(body, 'chat_id', 'chatId'), 'chat_id', isString, 'a valid string');
  if (chatId === undefined)
    throw validationError('chat_id', { loc: ['body', 'chat_id'], msg: 'Field required', type: 'missing' });
  // Only the owner shares: someone else's conversation is "Access denied", an unknown one 404.
  const conversation = conversations.readable(principal, chatId);
  const share = shares.create(conversation);
  sendJson(res, 200, {
    share_id: share.token,
    token: share.token,
    chat_id: share.conversationId,
    created_at: share.createdAt,
  });
}

function readShare(conversations: ConversationStore, shares: ShareStore, { res, principal, params }: RouteContext) {
  const token = params[0] ?? '';
  const share = shares.find(token);
  const conversation = share ? conversations.find(share.conversationId) : undefined;
  // A deleted conversation takes its share with it.
  if (!share || !conversation) throw shareNotFound(token);
  const sharedFileUrls = Object.fromEntries(
    fileTokensOf(conversation).map((file) => [file, `${file}?share_token=${encodeURIComponent(share.token)}`]),
  );
  sendJson(res, 200, {
    ...fullConversation(conversation, { server: conversations.server }),
    user_abilities: principal.userId === conversation.ownerId ? ['read', 'write', 'delete'] : ['read'],
    share_token: share.token,
    shared_file_urls: sharedFileUrls,
  });
}

export function shareRoutes(conversations: ConversationStore, shares: ShareStore): ApiRoute[] {
  return [
    { method: 'POST', pattern: /^\/share\/conversations$/, handle: (ctx) => createShare(conversations, shares, ctx) },
    {
      method: 'GET',
      pattern: /^\/share\/conversations\/([^/]+)$/,
      handle: (ctx) => readShare(conversations, shares, ctx),
    },
  ];
}

/**
 * Whether a file may be read through a share: the token names a share whose conversation still exists and names the
 * file. Real servers answer 404 otherwise.
 */
export function shareGrants(
  conversations: ConversationStore,
  shares: ShareStore,
  shareToken: string,
  fileToken: string,
): boolean {
  const share = shares.find(shareToken);
  const conversation = share ? conversations.find(share.conversationId) : undefined;
  return conversation !== undefined && fileTokensOf(conversation).includes(fileToken);
}
