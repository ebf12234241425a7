// Current servers' LLM chat naming (CURRENT-SERVERS.md §4): after a new conversation's first turn is finished (never
// while it is in progress), a background task overwrites `conversation_name` with a short name. The local platform's
// "LLM" is deterministic: "Chat about <the question's first three words>", at most 60 characters.
import type { ConversationStore } from '../conversations/store';
import type { Conversation } from '../conversations/types';

export const namingDelayMs = 1000;
const maxLength = 60;

export function contextualName(question: string): string {
  const words = question
    .replace(/["'`]/g, '')
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 3);
  return `Chat about ${words.join(' ')}`.slice(0, maxLength).trim();
}

/**
 * A name the console sets on its own (the official UI PUTs the question cut to 50 characters right after the first
 * turn, then polls for the LLM's): not a person's rename, so naming still overwrites it.
 */
export function isAutomaticName(conversation: Conversation, name: string): boolean {
  const first = conversation.history.find((item) => item.role === 'User')?.message;
  if (first === undefined) return false;
  const cut = first.slice(0, 50);
  return name === cut || name === `${cut}...` || name === first;
}

export class ChatNamer {
  private readonly timers = new Set<NodeJS.Timeout>();
  /**
   * People whose chats are named although naming is off (the test knob `/__test/chat-naming`), each with how: after
   * how long, and whether the chat first gets the question cut to 50 characters (as the official UI's PUT gives it).
   */
  private readonly namedFor = new Map<string, { delayMs: number; cutFirst: boolean }>();

  constructor(
    private readonly store: ConversationStore,
    private readonly enabled: boolean,
    private readonly delayMs = namingDelayMs,
  ) {}

  /** Turns naming on or off for one person's chats (by username), whatever the deployment setting. */
  nameFor(username: string, on: boolean, how: { delayMs?: number; cutFirst?: boolean } = {}): void {
    if (on) this.namedFor.set(username, { delayMs: how.delayMs ?? this.delayMs, cutFirst: how.cutFirst ?? false });
    else this.namedFor.delete(username);
  }

  /** Names the conversation a moment later, unless the person renamed it meanwhile (PUT name). */
  afterFirstTurn(conversationId: string, question: string, username: string): void {
    const chosen = this.namedFor.get(username);
    if (!this.enabled && !chosen) return;
    if (chosen?.cutFirst) {
      const conversation = this.store.find(conversationId);
      if (conversation && !conversation.namedByUser) conversation.name = question.slice(0, 50);
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const conversation = this.store.find(conversationId);
      if (!conversation || conversation.namedByUser) return;
      conversation.name = contextualName(question);
    }, chosen?.delayMs ?? this.delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
