import type { StoreApi } from 'zustand/vanilla';
import type { ChatRuntime } from '@/features/chat/runtime/chat-runtime-contract';
import type { ChatState } from '@/features/chat/runtime/chat-store';

/** Long enough for this browser's database on a slow machine; a database slower than that does not hold the screen. */
export const firstScreenWaitMs = 400;

/** What the first screen shows, read: the rail's list, and the open conversation's turns kept here (the latest at least). */
export function firstScreenRead(state: ChatState, conversationId: string | undefined): boolean {
  if (state.listStatus === 'loading') return false;
  // Not kept here: only the server has it, and the screen does not wait for the server.
  if (conversationId === undefined || !state.conversations[conversationId]) return true;
  return state.opening[conversationId] !== 'loading' || state.turns[conversationId] !== undefined;
}

/**
 * Reads what the first screen shows from this browser's database before it is painted: the rail then paints once
 * with its conversations and the conversation with its text, instead of empty and then pushed down as the reads
 * land. Resolves when they are read, or after `waitMs` whatever they are doing; it never rejects (a failed read
 * says so on the screen). The server's view comes after, into a screen already laid out.
 */
export function readFirstScreen(
  chat: { runtime: Pick<ChatRuntime, 'load' | 'open'>; store: StoreApi<ChatState> },
  conversationId: string | undefined,
  waitMs = firstScreenWaitMs,
): Promise<void> {
  chat.runtime.load();
  if (conversationId !== undefined) chat.runtime.open(conversationId);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const unsubscribe = chat.store.subscribe((state) => {
      if (firstScreenRead(state, conversationId)) done();
    });
    if (firstScreenRead(chat.store.getState(), conversationId)) done();
  });
}
