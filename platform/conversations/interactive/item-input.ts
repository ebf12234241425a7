// Incoming history items (bulk upsert): keys in either casing, legacy `file_name` folded into `fileNames`.
import { unprocessable } from '../../api/errors';
import type { JsonObject } from '../../api/validate';
import { field } from '../params';
import { blankItem, type HistoryItem, type HistoryRole, type StoredThought, type UserMark } from '../types';

const camelToSnake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const itemError = (index: number, name: string, msg: string) =>
  unprocessable(`history.${index}.${name}: ${msg}`, [
    { loc: ['body', 'history', index, name], msg, type: 'value_error' },
  ]);

function value<T>(entry: JsonObject, camel: string, fallback: T): T {
  const found = field(entry, camelToSnake(camel), camel);
  return found.present && found.value !== undefined ? (found.value as T) : fallback;
}

export function historyItemOf(entry: unknown, index: number): HistoryItem {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw itemError(index, 'role', 'Input should be a valid dictionary');
  const item = entry as JsonObject;
  const role = item['role'];
  if (role !== 'User' && role !== 'Assistant') throw itemError(index, 'role', "Input should be 'User' or 'Assistant'");
  const message = item['message'];
  if (typeof message !== 'string') throw itemError(index, 'message', 'Input should be a valid string');
  const historyIndex = value<unknown>(item, 'historyIndex', null);
  if (historyIndex !== null && !(typeof historyIndex === 'number' && Number.isInteger(historyIndex))) {
    throw itemError(index, 'historyIndex', 'Input should be a valid integer');
  }
  const legacyFile = item['file_name'];
  const fileNames =
    value<string[] | null>(item, 'fileNames', null) ?? (typeof legacyFile === 'string' ? [legacyFile] : []);
  return {
    ...blankItem(role as HistoryRole, message, historyIndex as number | null),
    date: value<string | null>(item, 'date', null),
    responseTime: value<number | null>(item, 'responseTime', null),
    inputTokens: value<number | null>(item, 'inputTokens', null),
    outputTokens: value<number | null>(item, 'outputTokens', null),
    cacheCreationInputTokens: value<number | null>(item, 'cacheCreationInputTokens', null),
    cacheReadInputTokens: value<number | null>(item, 'cacheReadInputTokens', null),
    moneySpent: value<number | null>(item, 'moneySpent', null),
    userMark: value<UserMark | null>(item, 'userMark', null),
    operatorMark: value<UserMark | null>(item, 'operatorMark', null),
    messageRaw: value<string | null>(item, 'messageRaw', null),
    fileNames,
    assistantId: value<string | null>(item, 'assistantId', null),
    thoughts: value<StoredThought[] | null>(item, 'thoughts', null),
    workflowExecutionRef: value<boolean>(item, 'workflowExecutionRef', false),
    executionId: value<string | null>(item, 'executionId', null),
    interactiveRequest: value<unknown>(item, 'interactiveRequest', null),
    interactiveResponse: value<unknown>(item, 'interactiveResponse', null),
    a2uiEnvelopes: value<unknown[] | null>(item, 'a2uiEnvelopes', null),
    a2uiAction: value<unknown>(item, 'a2uiAction', null),
    a2uiDataModel: value<unknown>(item, 'a2uiDataModel', null),
  };
}
