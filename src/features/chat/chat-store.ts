import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { applyChunk, countMalformed, endAnswer } from '@/domain/answer';
import type { ErrorDescription } from '@/domain/describe-error';
import type { StreamChunk } from '@/domain/stream-chunk';
import { throttledStorage } from '@/lib/throttled-storage';
import { isTurnActive, type Turn } from './turn';

export interface ChatState {
  conversationId: string;
  turns: Turn[];
  draft: string;
  streamAnswers: boolean;
  turnStarted(turn: Turn): void;
  /** The call is on its way (again, after a token renewal): which log entry, which headers. */
  requestSent(turnId: string, request: NonNullable<Turn['request']>): void;
  answerOpened(turnId: string, info: Pick<Turn, 'requestId' | 'wire'>): void;
  /** Chunks (and unreadable pieces, as null) that arrived since the last frame. */
  streamProgressed(turnId: string, items: readonly (StreamChunk | null)[]): void;
  answerDetailsReceived(turnId: string, details: { tokensUsed?: number | null; taskId?: string | null }): void;
  /** The server closed the stream (or the connection broke); without `last` the turn is interrupted. */
  answerEnded(turnId: string, now: number): void;
  answerStopped(turnId: string, now: number): void;
  answerFailed(turnId: string, error: ErrorDescription, now: number): void;
  turnRemoved(turnId: string): void;
  conversationCleared(newConversationId: string): void;
  draftChanged(draft: string): void;
  streamModeChanged(stream: boolean): void;
}

const transcriptStorage = throttledStorage(() => sessionStorage);

const updateTurn = (turns: Turn[], turnId: string, change: (turn: Turn) => Turn): Turn[] =>
  turns.map((turn) => (turn.id === turnId ? change(turn) : turn));

export const useChatStore = create<ChatState>()(
  persist(
    (set) => ({
      conversationId: crypto.randomUUID(),
      turns: [],
      draft: '',
      streamAnswers: true,
      turnStarted: (turn) => set((state) => ({ turns: [...state.turns, turn] })),
      requestSent: (turnId, request) => set((state) => ({ turns: updateTurn(state.turns, turnId, (turn) => ({ ...turn, request })) })),
      answerOpened: (turnId, info) =>
        set((state) => ({
          turns: updateTurn(state.turns, turnId, (turn) => (isTurnActive(turn) ? { ...turn, status: turn.mode === 'stream' ? 'streaming' : turn.status, ...info } : turn)),
        })),
      streamProgressed: (turnId, items) =>
        set((state) => ({
          turns: updateTurn(state.turns, turnId, (turn) => {
            // Nothing lands on a turn that has ended (stopped, interrupted, failed): its tree is settled.
            if (turn.endedAt !== undefined) return turn;
            const answer = items.reduce((current, item) => (item ? applyChunk(current, item) : countMalformed(current)), turn.answer);
            const status = answer.complete ? 'completed' : turn.status === 'sending' ? 'streaming' : turn.status;
            return { ...turn, answer, status };
          }),
        })),
      answerDetailsReceived: (turnId, details) =>
        set((state) => ({ turns: updateTurn(state.turns, turnId, (turn) => ({ ...turn, answer: { ...turn.answer, ...details } })) })),
      answerEnded: (turnId, now) =>
        set((state) => ({
          turns: updateTurn(state.turns, turnId, (turn) =>
            isTurnActive(turn) || turn.status === 'completed'
              ? {
                  ...turn,
                  status: turn.answer.complete ? 'completed' : 'interrupted',
                  answer: endAnswer(turn.answer, turn.answer.complete ? 'completed' : 'interrupted'),
                  endedAt: now,
                }
              : turn,
          ),
        })),
      answerStopped: (turnId, now) =>
        set((state) => ({
          turns: updateTurn(state.turns, turnId, (turn) => (isTurnActive(turn) ? { ...turn, status: 'stopped', answer: endAnswer(turn.answer, 'stopped'), endedAt: now } : turn)),
        })),
      answerFailed: (turnId, error, now) =>
        set((state) => ({ turns: updateTurn(state.turns, turnId, (turn) => ({ ...turn, status: 'failed', answer: endAnswer(turn.answer, 'interrupted'), error, endedAt: now })) })),
      turnRemoved: (turnId) => set((state) => ({ turns: state.turns.filter((turn) => turn.id !== turnId) })),
      conversationCleared: (conversationId) => set({ conversationId, turns: [] }),
      draftChanged: (draft) => set({ draft }),
      streamModeChanged: (streamAnswers) => set({ streamAnswers }),
    }),
    {
      name: 'assistant-console.chat',
      storage: createJSONStorage(() => transcriptStorage),
      version: 2,
      partialize: ({ conversationId, turns, draft, streamAnswers }) => ({ conversationId, turns, draft, streamAnswers }),
      // A reload ends whatever was streaming: keep what had arrived and say it was interrupted.
      merge: (persisted, current) => {
        const saved = persisted as Partial<ChatState> | undefined;
        const turns = (saved?.turns ?? []).map((turn) =>
          isTurnActive(turn) ? { ...turn, status: 'interrupted' as const, answer: endAnswer(turn.answer, 'interrupted') } : turn,
        );
        return { ...current, ...saved, turns };
      },
    },
  ),
);

/** Explicit sign-out: the next person on this tab must not see this conversation or its draft. */
export function forgetConversation(): void {
  useChatStore.setState({ turns: [], draft: '', conversationId: crypto.randomUUID() });
}
