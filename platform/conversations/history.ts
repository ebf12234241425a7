// Operations on a conversation's history array as real servers do them. The array keeps insertion order:
// each new (User, Assistant) pair goes at the end, so several versions of a turn (same historyIndex) interleave.
import type { Conversation, HistoryItem } from './types';

export interface ChatMessage {
  role: 'User' | 'Assistant';
  message: string;
}

/** The index a new turn gets when the request names none: highest stored + 1, 0 for an empty history. */
export function nextHistoryIndex(conversation: Conversation): number {
  const indices = conversation.history.map((item) => item.historyIndex ?? -1);
  return indices.length === 0 ? 0 : Math.max(...indices) + 1;
}

/** Replay v2: the latest version of each (historyIndex, role), sorted by index, every turn (not cut at the edited one). */
export function replayedHistory(conversation: Conversation): ChatMessage[] {
  const latest = new Map<number, { user?: HistoryItem; assistant?: HistoryItem }>();
  for (const item of conversation.history) {
    if (item.historyIndex === null) continue;
    const turn = latest.get(item.historyIndex) ?? {};
    if (item.role === 'User') turn.user = item;
    else turn.assistant = item;
    latest.set(item.historyIndex, turn);
  }
  return [...latest.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, turn]) => [turn.user, turn.assistant])
    .filter((item): item is HistoryItem => item !== undefined)
    .map((item) => ({ role: item.role, message: item.message }));
}

/** Version k of turn i: the k-th User item and k-th Assistant item among the items with that index, in array order. */
export function versionPair(
  conversation: Conversation,
  historyIndex: number,
  k: number,
): { user?: HistoryItem; assistant?: HistoryItem } {
  const items = conversation.history.filter((item) => item.historyIndex === historyIndex);
  return {
    ...withDefined('user', items.filter((item) => item.role === 'User')[k]),
    ...withDefined('assistant', items.filter((item) => item.role === 'Assistant')[k]),
  };
}

const withDefined = <K extends string>(key: K, item: HistoryItem | undefined): Partial<Record<K, HistoryItem>> =>
  item ? ({ [key]: item } as Partial<Record<K, HistoryItem>>) : {};

/** Removes every version of a turn and shifts the later turns down by one. */
export function removeTurn(conversation: Conversation, historyIndex: number): void {
  conversation.history = conversation.history.filter((item) => item.historyIndex !== historyIndex);
  for (const item of conversation.history) {
    if (item.historyIndex !== null && item.historyIndex > historyIndex) item.historyIndex -= 1;
  }
  recomputeAssistantIds(conversation);
}

/** The assistants that answered in the history, in order of first answer. */
export function recomputeAssistantIds(conversation: Conversation): void {
  const answered = conversation.history.map((item) => item.assistantId).filter((id): id is string => id !== null);
  conversation.assistantIds = [...new Set(answered)];
}

/** Adds an assistant to the conversation's list the first time it answers there. */
export function noteAssistant(conversation: Conversation, assistantId: string): void {
  if (!conversation.assistantIds.includes(assistantId)) conversation.assistantIds.push(assistantId);
}

/** Bulk upsert: replaces the LAST stored item with the same (historyIndex, role), else appends; items without an index are appended. */
export function upsertItems(conversation: Conversation, items: HistoryItem[]): number {
  let added = 0;
  for (const item of items) {
    const at =
      item.historyIndex === null
        ? -1
        : conversation.history.findLastIndex((old) => old.historyIndex === item.historyIndex && old.role === item.role);
    if (at >= 0) conversation.history[at] = item;
    else {
      conversation.history.push(item);
      added += 1;
    }
  }
  return added;
}
