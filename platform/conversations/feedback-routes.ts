// POST/DELETE /v1/feedback: a mark on one item of a stored history, as real servers set it. `messageIndex` is a
// flat index into the raw history array (no role check); no ownership check; unknown ids end in the generic 500.
import { randomUUID } from 'node:crypto';
import { sendJson } from '../http-util';
import { unprocessable } from '../api/errors';
import { unhandledError } from '../api/unhandled-error';
import { readJsonObject, type JsonObject } from '../api/validate';
import { isInteger, isString, typed } from './params';
import { missingId, type ConversationStore } from './store';
import { naiveTimestamp } from './timestamps';
import type { Conversation, HistoryItem } from './types';
import type { ApiRoute, RouteContext } from './route-types';

const marks = ['correct', 'partially correct', 'wrong'];

/** A field the feedback model declares alias-only: the snake_case spelling counts as missing. */
function required<T>(body: JsonObject, name: string, check: (value: unknown) => boolean, label: string): T {
  const value = typed<T>({ present: name in body, value: body[name] }, name, check, label);
  if (value === undefined)
    throw unprocessable(`${name}: Field required`, [{ loc: ['body', name], msg: 'Field required', type: 'missing' }]);
  return value;
}

function itemAt(
  store: ConversationStore,
  id: string,
  index: number,
): { conversation: Conversation; item: HistoryItem } {
  const conversation = store.find(id);
  if (!conversation) throw missingId(id);
  const item = conversation.history[index];
  if (!item || index < 0) throw unhandledError('IndexError: list index out of range');
  return { conversation, item };
}

async function addFeedback(store: ConversationStore, { req, res }: RouteContext): Promise<void> {
  const body = await readJsonObject(req);
  const conversationId = required<string>(body, 'conversationId', isString, 'a valid string');
  required<string>(body, 'assistant_id', isString, 'a valid string');
  required<string>(body, 'request', isString, 'a valid string');
  required<string>(body, 'response', isString, 'a valid string');
  const messageIndex = required<number>(body, 'messageIndex', isInteger, 'a valid integer');
  const author = required<string>(body, 'author', isString, 'a valid string');
  const mark = required<string>(body, 'mark', isString, 'a valid string');
  if (author !== 'user' && author !== 'operator')
    throw unprocessable("author: Input should be 'user' or 'operator'", [
      { loc: ['body', 'author'], msg: "Input should be 'user' or 'operator'", type: 'enum' },
    ]);
  if (!marks.includes(mark))
    throw unprocessable(`mark: Input should be ${marks.map((m) => `'${m}'`).join(', ')}`, [
      { loc: ['body', 'mark'], msg: 'Input should be a known mark', type: 'enum' },
    ]);
  const { item } = itemAt(store, conversationId, messageIndex);
  const id =
    typed<string>(
      { present: 'feedback_id' in body, value: body['feedback_id'] },
      'feedback_id',
      isString,
      'a valid string',
    ) ?? randomUUID();
  // `author` is ignored: real servers always set the user mark here.
  item.userMark = {
    mark,
    rating: null,
    comments:
      typed<string>({ present: 'comments' in body, value: body['comments'] }, 'comments', isString, 'a valid string') ??
      null,
    date: naiveTimestamp(),
    type: typed<string>({ present: 'type' in body, value: body['type'] }, 'type', isString, 'a valid string') ?? null,
    feedback_id: id,
  };
  sendJson(res, 200, { id });
}

async function removeFeedback(store: ConversationStore, { req, res }: RouteContext): Promise<void> {
  const body = await readJsonObject(req);
  const conversationId = required<string>(body, 'conversationId', isString, 'a valid string');
  required<string>(body, 'feedbackId', isString, 'a valid string');
  const messageIndex = required<number>(body, 'messageIndex', isInteger, 'a valid integer');
  const { item } = itemAt(store, conversationId, messageIndex);
  if (body['author'] === 'operator') item.operatorMark = null;
  else item.userMark = null;
  sendJson(res, 200, { message: 'Specified feedback entry removed' });
}

export function feedbackRoutes(store: ConversationStore): ApiRoute[] {
  return [
    { method: 'POST', pattern: /^\/feedback$/, handle: (ctx) => addFeedback(store, ctx) },
    { method: 'DELETE', pattern: /^\/feedback$/, handle: (ctx) => removeFeedback(store, ctx) },
  ];
}
