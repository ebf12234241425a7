// Validation of the assistant call body (seed fields plus the ones real deployments accept).
import { findLlmModel, findLlmRouter } from '../catalog/catalog-data';
import { badRequest, unprocessable, validationError } from './errors';
import { maxFileCount } from '../files/routes';
import { optionalField, type JsonObject } from './validate';
import type { ServerGeneration } from '../generation';
import { policyField, type ToolCallPolicy } from '../approval/policy';

export interface CallRequest {
  text: string;
  stream: boolean;
  /** Absent: the conversation's model (current servers); null: the assistant's default; else that model. */
  llmModel?: string | null;
  propagateHeaders: boolean;
  /** `history` as sent: a list of {role, message}, or a string (real servers accept both). */
  history?: SentMessage[] | string;
  conversationId?: string;
  historyIndex?: number;
  /** false: nothing is stored (default true). */
  saveHistory: boolean;
  fileNames: string[];
  contentRaw?: string;
  /** An answer to a question the assistant asked (checked against the stored request before the run). */
  interactiveResponse?: unknown;
  /** Current servers: the A2UI catalogs the client renders (the question tool is offered only for the Basic Catalog). */
  a2uiSupportedCatalogs?: string[];
  /** Current servers: an answer to an A2UI surface (checked against the stored surface before the run). */
  a2uiAction?: unknown;
  a2uiDataModel?: unknown;
  /** Per-chat tool switches: only `true` turns a tool on; the local assistants have none to add, so nothing changes. */
  enableWebSearch?: boolean;
  enableCodeInterpreter?: boolean;
  /** Current servers: this call's tool-call policy (null: the chat's or the assistant's). */
  toolCallPolicy: ToolCallPolicy | null;
}

export interface SentMessage {
  role: string;
  message: string;
}

/** What assistants that follow the conversation read from the history the server used. */
export interface HistoryFacts {
  /** Number of user messages in the history. */
  previousUserTurns: number;
  /** The last user message of the history. */
  earlierQuestion?: string;
}

export function historyFacts(history: readonly SentMessage[]): HistoryFacts {
  const questions = history.filter((entry) => entry.role.toLowerCase() === 'user').map((entry) => entry.message);
  const earlierQuestion = questions.at(-1);
  return { previousUserTurns: questions.length, ...(earlierQuestion !== undefined ? { earlierQuestion } : {}) };
}

function checkHistory(history: unknown[]): SentMessage[] {
  return history.map((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw badRequest("Invalid field 'history'", `history[${index}]: expected an object with role and message`);
    }
    const { role, message } = entry as JsonObject;
    if (typeof role !== 'string' || typeof message !== 'string') {
      throw badRequest("Invalid field 'history'", `history[${index}]: role and message must be strings`);
    }
    return { role, message };
  });
}

/** A field real servers accept in either casing (the official UI sends camelCase). */
function eitherCasing<T>(
  body: JsonObject,
  snake: string,
  camel: string,
  kind: Parameters<typeof optionalField>[2],
): T | undefined {
  return optionalField<T>(body, snake, kind) ?? optionalField<T>(body, camel, kind);
}

function historyIndexOf(body: JsonObject): number | undefined {
  for (const name of ['history_index', 'historyIndex']) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value))
      throw badRequest(`Invalid field '${name}'`, `${name}: expected an integer`);
    return value;
  }
  return undefined;
}

/** Pydantic's lax booleans ("true", "1", "yes", 1…); null is unset; anything else is a 422. */
function laxBoolean(body: JsonObject, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  const text = String(value).toLowerCase();
  if (typeof value !== 'object' && ['true', '1', 'yes', 'on', 'y', 't'].includes(text)) return true;
  if (typeof value !== 'object' && ['false', '0', 'no', 'off', 'n', 'f'].includes(text)) return false;
  const msg = 'Input should be a valid boolean';
  throw unprocessable(`${name}: ${msg}`, [{ loc: ['body', name], msg, type: 'bool_parsing' }]);
}

/** `llmModel: null` (or `llm_model: null`) is a choice (the assistant's default), not an omitted key. */
const nullModel = (body: JsonObject): boolean => body['llmModel'] === null || body['llm_model'] === null;

export function parseCallRequest(body: JsonObject, server: ServerGeneration = 'current'): CallRequest {
  const text = body['text'];
  if (text === undefined || text === null) throw badRequest("Missing required field 'text'", 'text: field required');
  if (typeof text !== 'string') throw badRequest("Invalid field 'text'", 'text: expected a string');
  if (text.trim() === '') throw badRequest("Invalid field 'text'", 'text: must not be empty');

  const stream = optionalField<boolean>(body, 'stream', 'boolean') ?? false;
  const propagateHeaders = optionalField<boolean>(body, 'propagate_headers', 'boolean') ?? false;
  const camel = optionalField<string>(body, 'llmModel', 'string');
  const snake = optionalField<string>(body, 'llm_model', 'string');
  const conversationId = eitherCasing<string>(body, 'conversation_id', 'conversationId', 'string');
  // `file_names`: file URLs from an upload (decoded when the run starts, as real servers do).
  const fileNames = eitherCasing<string[]>(body, 'file_names', 'fileNames', 'string[]') ?? [];
  if (fileNames.length > maxFileCount) {
    const msg = `Too many files. Maximum count is ${maxFileCount}`;
    throw validationError('file_names', { loc: ['file_names'], msg, type: 'value_error' });
  }
  const saveHistory = eitherCasing<boolean>(body, 'save_history', 'saveHistory', 'boolean') ?? true;
  const contentRaw = eitherCasing<string>(body, 'content_raw', 'contentRaw', 'string');
  const historyIndex = historyIndexOf(body);
  const interactiveResponse = body['interactive_response'] ?? body['interactiveResponse'] ?? undefined;
  const a2uiSupportedCatalogs = eitherCasing<string[]>(
    body,
    'a2ui_supported_catalogs',
    'a2uiSupportedCatalogs',
    'string[]',
  );
  const a2uiAction = body['a2uiAction'] ?? body['a2ui_action'] ?? undefined;
  const a2uiDataModel = body['a2uiDataModel'] ?? body['a2ui_data_model'] ?? undefined;
  const enableWebSearch = laxBoolean(body, 'enable_web_search');
  const enableCodeInterpreter = laxBoolean(body, 'enable_code_interpreter');
  optionalField(body, 'metadata', 'object');
  const sent =
    typeof body['history'] === 'string' ? body['history'] : optionalField<unknown[]>(body, 'history', 'array');
  const history = typeof sent === 'string' || sent === undefined ? sent : checkHistory(sent);

  // 2.42 servers' request model has no such field: pydantic ignores it.
  const policyKey = 'tool_call_policy' in body ? 'tool_call_policy' : 'toolCallPolicy';
  const toolCallPolicy = server === '2.42' ? null : policyField(body[policyKey], ['body', policyKey]);
  const llmModel = camel ?? snake;
  if (llmModel !== undefined) {
    // A router is picked like a model on current servers; 2.42 servers know none.
    const model = findLlmModel(llmModel) ?? (server === '2.42' ? undefined : findLlmRouter(llmModel));
    if (!model || !model.enabled) {
      const field = camel !== undefined ? 'llmModel' : 'llm_model';
      const msg = `Unknown LLM model '${llmModel}'`;
      throw unprocessable(msg, [{ loc: ['body', field], msg, type: 'value_error' }]);
    }
  }
  return {
    text,
    stream,
    propagateHeaders,
    ...(llmModel !== undefined ? { llmModel } : nullModel(body) ? { llmModel: null } : {}),
    saveHistory,
    fileNames,
    toolCallPolicy,
    ...(history !== undefined ? { history } : {}),
    ...(conversationId !== undefined ? { conversationId } : {}),
    ...(historyIndex !== undefined ? { historyIndex } : {}),
    ...(contentRaw !== undefined ? { contentRaw } : {}),
    ...(interactiveResponse !== undefined && interactiveResponse !== null ? { interactiveResponse } : {}),
    ...(a2uiSupportedCatalogs !== undefined ? { a2uiSupportedCatalogs } : {}),
    ...(a2uiAction !== undefined && a2uiAction !== null ? { a2uiAction } : {}),
    ...(a2uiDataModel !== undefined && a2uiDataModel !== null ? { a2uiDataModel } : {}),
    ...(enableWebSearch !== undefined ? { enableWebSearch } : {}),
    ...(enableCodeInterpreter !== undefined ? { enableCodeInterpreter } : {}),
  };
}
