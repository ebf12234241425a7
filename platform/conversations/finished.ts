// Finished conversations (current servers, CURRENT-SERVERS.md §7): the owner (or an admin, a scheduled job) finishes a
// chat; from then on sending, editing or clearing its history answers 409, while rename, pin, folder, share, feedback
// and delete still work. 2.42 servers know none of it: the route is unknown and nothing is refused.
import { sendJson } from '../http-util';
import { ApiError } from '../api/errors';
import { accessHelp, conversationNotFound, touch, type ConversationStore } from './store';
import { naiveTimestamp } from './timestamps';
import type { Conversation } from './types';
import type { ApiRoute } from './route-types';

export const conversationFinished = (id: string): ApiError =>
  new ApiError(
    409,
    'Conversation is finished',
    `The conversation with ID [${id}] was finished and takes no more messages.`,
    'Start a new conversation to continue.',
  );

/** Throws the 409 for a finished conversation on a current server; an open one (or a 2.42 server's) passes. */
export function requireOpen(conversation: Conversation): Conversation {
  if (conversation.server !== '2.42' && conversation.finishedAt) throw conversationFinished(conversation.id);
  return conversation;
}

/** Marks it finished now (the route, or an admin's job); answers false when it already was. */
export function finishConversation(conversation: Conversation): boolean {
  if (conversation.finishedAt) return false;
  conversation.finishedAt = naiveTimestamp();
  touch(conversation);
  return true;
}

/** `finished_at` as reads carry it on current servers (null: open); nothing on 2.42 servers. */
export const finishedKeys = (conversation: Conversation) =>
  conversation.server === '2.42' ? {} : { finished_at: conversation.finishedAt ?? null };

/** `?isFinished=true|false` of the list (current servers): undefined when absent. */
export function finishedFilter(query: URLSearchParams): boolean | undefined {
  const value = query.get('isFinished')?.trim().toLowerCase();
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  const msg = 'Input should be a valid boolean, unable to interpret input';
  throw new ApiError(422, `isFinished: ${msg}`, [{ loc: ['query', 'isFinished'], msg, type: 'bool_parsing' }]);
}

/** POST /v1/conversations/{id}/finish (owner): 200 `{conversationId, finishedAt}`; again 409; 403 not the owner. */
export function finishRoutes(store: ConversationStore): ApiRoute[] {
  return [
    {
      method: 'POST',
      pattern: /^\/conversations\/([^/]+)\/finish$/,
      handle: ({ res, principal, params }) => {
        const id = params[0] ?? '';
        const conversation = store.find(id);
        if (!conversation) throw conversationNotFound(id);
        if (conversation.ownerId !== principal.userId)
          throw new ApiError(403, 'Access denied', `Only the owner may finish conversation ${id}.`, accessHelp);
        if (!finishConversation(conversation))
          throw new ApiError(
            409,
            'Conversation is already finished',
            `The conversation with ID [${id}] was finished at ${conversation.finishedAt ?? ''}.`,
            'Start a new conversation to continue.',
          );
        sendJson(res, 200, { conversationId: id, finishedAt: conversation.finishedAt });
      },
    },
  ];
}
