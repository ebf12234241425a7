import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import type { GrowingText } from '@/domain/answer/growing-text';
import type { Turn } from './turn';
import type { ToolCallPolicy } from '@/domain/approval/tool-policy';
import { idRecord, withId, withoutId as without } from '@/lib/id-record';

/** The draft key of a chat not started yet (it gets its conversation id with its first question). */
export const newChatKey = '';

export interface LiveTurn {
  conversationId: string;
  turn: Turn;
  /** Its answer's text as the pieces it grew by, for the view that follows its end (never saved). */
  text?: GrowingText;
}

export type OpenState = 'loading' | 'missing' | 'failed';

/**
 * What the chat screens read. Saved conversations (list entries, and the turns of those opened in this tab)
 * change on events only; `live` holds the turns being answered right now and changes up to once per frame,
 * so only the view of the growing turn re-renders while an answer streams.
 */
export interface ChatState {
  listStatus: 'loading' | 'ready' | 'failed';
  /** Something could not be read or saved in this browser; shown once, in plain words. */
  problem: string | null;
  conversations: Readonly<Record<string, ConversationSummary>>;
  turns: Readonly<Record<string, readonly Turn[]>>;
  opening: Readonly<Record<string, OpenState>>;
  live: Readonly<Record<string, LiveTurn>>;
  drafts: Readonly<Record<string, string>>;
  /** Questions being edited in place, by conversation, then by turn: the edited text (a draft of its own). */
  editing: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The tool-call policy the person chose per chat in this tab (a new chat has no saved entry to keep it). */
  toolPolicies: Readonly<Record<string, ToolCallPolicy>>;
  /** Per chat: whether its assistants let it loosen their policy, as last read (absent: not known, so no). */
  allowancesApply: Readonly<Record<string, boolean>>;
  /** Paused turns a standing allowance is answering now (the server is asked first): no card meanwhile. */
  allowingByStanding: Readonly<Record<string, true>>;
  /** Conversations whose turns were let go of to save memory: read again from this browser when next opened. */
  released: Readonly<Record<string, true>>;
  /** The conversation the chat screen showed last in this tab (null: a new chat): where the rail's Chat goes back to. */
  shown: string | null;

  listLoaded(conversations: readonly ConversationSummary[]): void;
  listFailed(problem: string): void;
  problemReported(problem: string | null): void;
  conversationSaved(summary: ConversationSummary): void;
  conversationRemoved(conversationId: string): void;
  chatShown(conversationId: string | null): void;
  openStarted(conversationId: string): void;
  /** A long conversation's latest turns, shown while the rest is read (it stays 'loading'). */
  openedLatest(conversationId: string, turns: readonly Turn[]): void;
  openEnded(conversationId: string, outcome: { turns: readonly Turn[] } | { failed: OpenState }): void;
  turnSaved(conversationId: string, turn: Turn): void;
  /** A turn that must not stay (a form answer the server refused: the form says so and is open again). */
  turnDropped(conversationId: string, turnId: string): void;
  /** The turns leave memory (they are saved in this browser); saves until the next opening are not held. */
  turnsReleased(conversationId: string): void;
  liveChanged(conversationId: string, turn: Turn, text?: GrowingText): void;
  liveEnded(turnId: string): void;
  draftLoaded(key: string, text: string): void;
  draftChanged(key: string, text: string): void;
  editChanged(conversationId: string, turnId: string, text: string): void;
  editEnded(conversationId: string, turnId: string): void;
  /** The edits saved in this browser; those typed before they came back win. */
  editsLoaded(conversationId: string, edits: Readonly<Record<string, string>>): void;
  toolPolicyChosen(conversationId: string, policy: ToolCallPolicy): void;
  allowancesRead(conversationId: string, apply: boolean): void;
  standingAllowing(turnId: string, on: boolean): void;
}

const upsert = (turns: readonly Turn[] | undefined, turn: Turn): Turn[] => {
  const list = turns ?? [];
  return list.some((known) => known.id === turn.id)
    ? list.map((known) => (known.id === turn.id ? turn : known))
    : [...list, turn];
};

export function createChatStore(): StoreApi<ChatState> {
  return createStore<ChatState>()((set) => ({
    listStatus: 'loading',
    problem: null,
    // Keyed by ids from the address bar and servers: records without a prototype (see id-record).
    conversations: idRecord(),
    turns: idRecord(),
    opening: idRecord(),
    live: idRecord(),
    drafts: idRecord(),
    editing: idRecord(),
    toolPolicies: idRecord(),
    allowancesApply: idRecord(),
    allowingByStanding: idRecord(),
    released: idRecord(),
    shown: null,
    listLoaded: (conversations) =>
      set((state) => ({
        listStatus: 'ready',
        // Conversations started while the list was loading are kept.
        conversations: idRecord(
          Object.fromEntries(conversations.map((summary) => [summary.id, summary])),
          state.conversations,
        ),
      })),
    listFailed: (problem) => set({ listStatus: 'failed', problem }),
    problemReported: (problem) => set({ problem }),
    conversationSaved: (summary) =>
      set((state) => ({ conversations: withId(state.conversations, summary.id, summary) })),
    conversationRemoved: (conversationId) =>
      set((state) => ({
        conversations: without(state.conversations, conversationId),
        turns: without(state.turns, conversationId),
        drafts: without(state.drafts, conversationId),
        editing: without(state.editing, conversationId),
        shown: state.shown === conversationId ? null : state.shown,
      })),
    chatShown: (conversationId) => set({ shown: conversationId }),
    openStarted: (conversationId) =>
      set((state) => ({
        opening: withId<OpenState>(state.opening, conversationId, 'loading'),
        released: without(state.released, conversationId),
      })),
    openedLatest: (conversationId, turns) =>
      set((state) =>
        state.opening[conversationId] === 'loading' && !state.turns[conversationId]
          ? { turns: withId(state.turns, conversationId, turns) }
          : {},
      ),
    openEnded: (conversationId, outcome) =>
      set((state) =>
        'turns' in outcome
          ? {
              opening: without(state.opening, conversationId),
              turns: withId(state.turns, conversationId, outcome.turns),
              released: without(state.released, conversationId),
            }
          : { opening: withId(state.opening, conversationId, outcome.failed) },
      ),
    // A released conversation's turns are read whole when it opens again: one saved turn alone would pass for all.
    turnSaved: (conversationId, turn) =>
      set((state) =>
        state.released[conversationId]
          ? {}
          : { turns: withId(state.turns, conversationId, upsert(state.turns[conversationId], turn)) },
      ),
    turnDropped: (conversationId, turnId) =>
      set((state) => {
        const turns = state.turns[conversationId];
        return turns
          ? {
              turns: withId(
                state.turns,
                conversationId,
                turns.filter((turn) => turn.id !== turnId),
              ),
            }
          : {};
      }),
    turnsReleased: (conversationId) =>
      set((state) => ({
        turns: without(state.turns, conversationId),
        opening: without(state.opening, conversationId),
        released: withId<true>(state.released, conversationId, true),
      })),
    liveChanged: (conversationId, turn, text) =>
      set((state) => ({
        live: withId<LiveTurn>(state.live, turn.id, text ? { conversationId, turn, text } : { conversationId, turn }),
      })),
    liveEnded: (turnId) => set((state) => ({ live: without(state.live, turnId) })),
    // What was typed before the saved draft came back wins over it.
    draftLoaded: (key, text) =>
      set((state) => (key in state.drafts ? {} : { drafts: withId(state.drafts, key, text) })),
    draftChanged: (key, text) => set((state) => ({ drafts: withId(state.drafts, key, text) })),
    editChanged: (conversationId, turnId, text) =>
      set((state) => ({
        editing: withId(state.editing, conversationId, withId(state.editing[conversationId] ?? {}, turnId, text)),
      })),
    editEnded: (conversationId, turnId) =>
      set((state) => ({
        editing: withId(state.editing, conversationId, without(state.editing[conversationId] ?? {}, turnId)),
      })),
    toolPolicyChosen: (conversationId, policy) =>
      set((state) => ({ toolPolicies: withId(state.toolPolicies, conversationId, policy) })),
    allowancesRead: (conversationId, apply) =>
      set((state) =>
        state.allowancesApply[conversationId] === apply
          ? {}
          : { allowancesApply: withId(state.allowancesApply, conversationId, apply) },
      ),
    standingAllowing: (turnId, on) =>
      set((state) => ({
        allowingByStanding: on
          ? withId<true>(state.allowingByStanding, turnId, true)
          : without(state.allowingByStanding, turnId),
      })),
    editsLoaded: (conversationId, edits) =>
      set((state) => ({
        editing: withId(state.editing, conversationId, idRecord(edits, state.editing[conversationId] ?? {})),
      })),
  }));
}
