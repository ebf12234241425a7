// Stores one assistant call as a (User, Assistant) pair, as real servers' upsert_chat_history does:
// the pair is always appended (an existing history_index gets a new version), a missing conversation
// is created under the requested id and named from the question. Answers the turn's history index.
import type { Principal } from '../api/auth';
import { noteAssistant, nextHistoryIndex } from './history';
import { touch, type ConversationStore } from './store';
import { naiveTimestamp } from './timestamps';
import { blankItem, type HistoryItem, type StoredThought, type TurnStatus } from './types';

export interface TurnQuestion {
  conversationId: string;
  historyIndex?: number;
  text: string;
  /** `content_raw` when the caller sent one; else the HTML-escaped text is stored. */
  contentRaw?: string;
  fileNames: string[];
  /** When the request arrived (the user item's date). */
  receivedAt: string;
  assistantId: string;
  /** The answer to an earlier question of the assistant, stored on the user item. */
  interactiveResponse?: unknown;
  /** Current servers: the A2UI answer to a surface, stored on the user item. */
  a2uiAction?: unknown;
  a2uiDataModel?: unknown;
}

export interface TurnAnswer {
  message: string;
  responseTime: number;
  inputTokens: number;
  outputTokens: number;
  /** US dollars spent on the answer. */
  moneySpent?: number;
  thoughts: StoredThought[];
  interactiveRequest?: unknown;
  /** Current servers: the A2UI envelopes streamed, raw and in order. */
  a2uiEnvelopes?: unknown[];
  /** Current servers: stored before the first chunk, still being generated (responseTime then null). */
  inProgress?: boolean;
  status?: TurnStatus;
}

/** The stored pair, for a turn that is finished in place later (background generation). */
export interface SavedTurn {
  historyIndex: number;
  user: HistoryItem;
  assistant: HistoryItem;
  /** The conversation had no turn before this one (LLM naming follows a first turn). */
  first: boolean;
}

/** Python's html.escape(text, quote=True). */
export const htmlEscape = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** A conversation created on save is named from the first 50 characters of the question, plus "...". */
export const nameFromQuestion = (text: string): string => `${text.slice(0, 50)}...`;

export function saveTurn(
  store: ConversationStore,
  principal: Principal,
  question: TurnQuestion,
  answer: TurnAnswer,
): SavedTurn {
  const conversation =
    store.find(question.conversationId) ??
    store.create(principal, {
      id: question.conversationId,
      name: nameFromQuestion(question.text),
      initialAssistantId: question.assistantId,
    });
  const first = conversation.history.length === 0;
  const historyIndex = question.historyIndex ?? nextHistoryIndex(conversation);
  const inProgress = answer.inProgress ?? false;
  const user: HistoryItem = {
    ...blankItem('User', question.text, historyIndex),
    date: question.receivedAt,
    messageRaw: question.contentRaw ?? htmlEscape(question.text),
    fileNames: [...question.fileNames],
    interactiveResponse: question.interactiveResponse ?? null,
    a2uiAction: question.a2uiAction ?? null,
    a2uiDataModel: question.a2uiDataModel ?? null,
    inProgress,
  };
  const assistant: HistoryItem = {
    ...blankItem('Assistant', answer.message, historyIndex),
    date: naiveTimestamp(),
    responseTime: inProgress ? null : answer.responseTime,
    inputTokens: answer.inputTokens,
    outputTokens: answer.outputTokens,
    moneySpent: answer.moneySpent ?? 0,
    assistantId: question.assistantId,
    thoughts: answer.thoughts,
    interactiveRequest: answer.interactiveRequest ?? null,
    a2uiEnvelopes: answer.a2uiEnvelopes && answer.a2uiEnvelopes.length > 0 ? answer.a2uiEnvelopes : null,
    inProgress,
    status: answer.status ?? 'success',
  };
  conversation.history.push(user, assistant);
  noteAssistant(conversation, question.assistantId);
  touch(conversation);
  return { historyIndex, user, assistant, first };
}
