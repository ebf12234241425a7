// Validation of the assistant call body (seed fields plus the ones real deployments accept).
import { findLlmModel } from '../catalog-data';
import { badRequest, unprocessable, validationError } from './errors';
import { maxFileCount } from '../files/routes';
import { optionalField, type JsonObject } from './validate';

export interface CallRequest {
  text: string;
  stream: boolean;
  llmModel?: string;
  propagateHeaders: boolean;
  /** Number of user messages in `history`, when a history was sent. */
  previousUserTurns?: number;
  /** The last user message in `history`: assistants that follow the conversation refer to it. */
  earlierQuestion?: string;
  /** `file_names`: file URLs from an upload (checked when the run starts, as real servers do). */
  fileNames: string[];
}

function checkHistory(history: unknown[]): { userTurns: number; lastQuestion?: string } {
  let userTurns = 0;
  let lastQuestion: string | undefined;
  history.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw badRequest("Invalid field 'history'", `history[${index}]: expected an object with role and message`);
    }
    const { role, message } = entry as JsonObject;
    if (typeof role !== 'string' || typeof message !== 'string') {
      throw badRequest("Invalid field 'history'", `history[${index}]: role and message must be strings`);
    }
    if (role.toLowerCase() === 'user') {
      userTurns += 1;
      lastQuestion = message;
    }
  });
  return { userTurns, ...(lastQuestion !== undefined ? { lastQuestion } : {}) };
}

export function parseCallRequest(body: JsonObject): CallRequest {
  const text = body['text'];
  if (text === undefined || text === null) throw badRequest("Missing required field 'text'", 'text: field required');
  if (typeof text !== 'string') throw badRequest("Invalid field 'text'", 'text: expected a string');
  if (text.trim() === '') throw badRequest("Invalid field 'text'", 'text: must not be empty');

  const stream = optionalField<boolean>(body, 'stream', 'boolean') ?? false;
  const propagateHeaders = optionalField<boolean>(body, 'propagate_headers', 'boolean') ?? false;
  const camel = optionalField<string>(body, 'llmModel', 'string');
  const snake = optionalField<string>(body, 'llm_model', 'string');
  optionalField(body, 'conversation_id', 'string');
  const fileNames = optionalField<string[]>(body, 'file_names', 'string[]') ?? [];
  if (fileNames.length > maxFileCount) {
    const msg = `Too many files. Maximum count is ${maxFileCount}`;
    throw validationError('file_names', { loc: ['file_names'], msg, type: 'value_error' });
  }
  optionalField(body, 'save_history', 'boolean');
  optionalField(body, 'metadata', 'object');
  const history = optionalField<unknown[]>(body, 'history', 'array');

  const past = history !== undefined ? checkHistory(history) : undefined;
  const llmModel = camel ?? snake;
  if (llmModel !== undefined) {
    const model = findLlmModel(llmModel);
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
    fileNames,
    ...(llmModel !== undefined ? { llmModel } : {}),
    ...(past ? { previousUserTurns: past.userTurns } : {}),
    ...(past?.lastQuestion !== undefined ? { earlierQuestion: past.lastQuestion } : {}),
  };
}
