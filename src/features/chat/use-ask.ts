import { useCallback } from 'react';
import { callAssistant, type HistoryEntry } from '@/api/assistant-call';
import { streamAssistant } from '@/api/assistant-stream';
import { apiClient } from '@/api/client-registry';
import type { ForwardedHeaders } from '@/api/request-log';
import { answerChunks } from '@/api/schemas';
import { ApiError, isApiError } from '@/domain/api-error';
import { describeError } from '@/domain/describe-error';
import type { StreamChunk } from '@/domain/stream-chunk';
import { createFrameBatcher } from '@/lib/frame-batcher';
import { useChatStore } from './chat-store';
import type { KnownAssistant } from './selection-store';
import { newTurn, type Turn } from './turn';

// Abort handles of answers in flight; not state anyone renders, so not in a store.
const inFlight = new Map<string, AbortController>();

/** Stops every answer in flight (sign-out, new chat): the server stops working on them too. */
export function abortAllAnswers(): void {
  for (const controller of inFlight.values()) controller.abort();
}

/** The finished exchanges with this assistant, sent as `history` so it can follow the conversation. */
function historyFor(turns: Turn[], assistantId: string): HistoryEntry[] {
  return turns
    .filter((turn) => turn.assistantId === assistantId && turn.status === 'completed')
    .flatMap((turn): HistoryEntry[] => [
      { role: 'User', message: turn.question },
      { role: 'Assistant', message: turn.answer.text },
    ]);
}

const toApiError = (error: unknown): ApiError =>
  isApiError(error) ? error : new ApiError({ kind: 'internal', details: error instanceof Error ? error.message : String(error) });

async function run(turn: Turn, history: HistoryEntry[], conversationId: string): Promise<void> {
  const store = () => useChatStore.getState();
  const controller = new AbortController();
  inFlight.set(turn.id, controller);
  const request = { text: turn.question, conversation_id: conversationId, ...(turn.model ? { llmModel: turn.model } : {}), ...(history.length ? { history } : {}) };
  // Chunks, and unreadable pieces as null, reach the store at most once per frame.
  const progress = createFrameBatcher<StreamChunk | null>((items) => store().streamProgressed(turn.id, items));
  const call = { signal: controller.signal, subject: turn.id, onSent: (sent: { logId: string; forwarded: ForwardedHeaders | null }) => store().requestSent(turn.id, sent) };
  try {
    if (turn.mode === 'json') {
      const answer = await callAssistant(apiClient(), turn.assistantId, request, call);
      store().answerOpened(turn.id, { wire: 'json' });
      store().streamProgressed(turn.id, answerChunks(answer));
      store().answerDetailsReceived(turn.id, { tokensUsed: answer.tokensUsed ?? null, taskId: answer.taskId ?? null });
      store().answerEnded(turn.id, Date.now());
      return;
    }
    const end = await streamAssistant(
      apiClient(),
      { assistantId: turn.assistantId, request, ...call },
      {
        onOpen: ({ requestId, wire }) => store().answerOpened(turn.id, { wire, ...(requestId ? { requestId } : {}) }),
        onChunk: (chunk) => progress.push(chunk),
        onMalformed: () => progress.push(null),
      },
    );
    // What arrived before the end (or before Stop) is kept; then the turn ends.
    progress.flush();
    if (end === 'aborted') store().answerStopped(turn.id, Date.now());
    else store().answerEnded(turn.id, Date.now());
  } catch (error) {
    progress.flush();
    if (controller.signal.aborted) store().answerStopped(turn.id, Date.now());
    else store().answerFailed(turn.id, describeError(toApiError(error), 'assistant'), Date.now());
  } finally {
    inFlight.delete(turn.id);
  }
}

export function useAsk() {
  const ask = useCallback((question: string, assistant: KnownAssistant, model: string) => {
    const state = useChatStore.getState();
    const turn = newTurn({
      id: crypto.randomUUID(),
      question,
      assistantId: assistant.id,
      assistantName: assistant.name,
      mode: state.streamAnswers ? 'stream' : 'json',
      startedAt: Date.now(),
      ...(model ? { model } : {}),
    });
    const history = historyFor(state.turns, assistant.id);
    state.turnStarted(turn);
    void run(turn, history, state.conversationId);
  }, []);

  /** Stop aborts the call; the run then keeps what arrived and marks the turn stopped. */
  const stop = useCallback((turnId: string) => {
    const controller = inFlight.get(turnId);
    if (controller) controller.abort();
    else useChatStore.getState().answerStopped(turnId, Date.now());
  }, []);

  /** Sends a failed or interrupted question again as a new turn, with the same assistant and model. */
  const retry = useCallback(
    (turn: Turn) => {
      useChatStore.getState().turnRemoved(turn.id);
      ask(turn.question, { id: turn.assistantId, name: turn.assistantName }, turn.model ?? '');
    },
    [ask],
  );

  return { ask, stop, retry };
}
