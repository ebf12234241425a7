import {
  streamAssistant,
  abortGeneration,
  streamReattach,
  streamToolResume,
  type AnswerStreamEnd,
  type FoldedChunks,
  type StreamHandlers,
  type ToolCallDecision,
} from '@/api/stream/assistant-stream';
import { toApiError, type ApiError } from '@/domain/errors/api-error';
import type { HistoryMessage } from '@/domain/conversations/history';
import { conversationWords } from '@/domain/conversations/transfer/transfer';
import { describeError, type ErrorDescription } from '@/domain/errors/describe-error';
import { describeResumeFailure } from '@/domain/approval/resume-failure';
import { BASIC_CATALOG_ID } from '@/domain/a2ui/catalog';
import { GrowingText } from '@/domain/answer/growing-text';
import { emptyAnswer } from '@/domain/answer/answer';
import { createFrameBatcher } from '@/lib/frame-batcher';
import { createHealthRecorder, healthMeasured } from '@/features/chat/stream-health/health-recorder';
import { describeFailure } from '@/domain/errors/describe-failure';
import { isAway, whenBack } from '@/lib/when-back';
import { cutWhileAway, stalledError } from '@/domain/errors/stream-ends';
import type { ChatRuntimeShared } from './chat-runtime-shared';
import type { CallExtras } from './chat-runtime-contract';
import type { Turn } from './turn';
import {
  answerDetailsReceived,
  answerEnded,
  answerFailed,
  answerOpened,
  answerStopped,
  updateApplied,
} from './turn-events';

// One turn's call, from the request to the saved answer: the stream shown as it arrives, checkpointed while it runs,
// and the turn joining the saved conversation when it ends (finished, stopped, stalled or failed).

export interface TurnStream {
  /** Sends the turn's question and follows its answer to the end. */
  run(
    conversationId: string,
    turn: Turn,
    history: HistoryMessage[],
    historyIndex: number,
    extras: CallExtras,
    /** Values in `extras` that go to the server only (an obscured form field's): logged and shown masked. */
    secretValues?: readonly string[],
  ): Promise<Turn>;
  /** Sends the person's decision on the turn's paused tool call and follows the answer as it goes on. */
  resume(conversationId: string, turn: Turn, action: ToolCallDecision): Promise<Turn>;
  /**
   * Follows an answer the server is still generating: its replay rebuilds the answer from the turn's first chunk, then
   * the live chunks follow. Resolves with the turn as it ended here (incomplete when the replay was empty or broke).
   */
  reattach(conversationId: string, turn: Turn): Promise<Turn>;
}

export function createTurnStream(context: ChatRuntimeShared): TurnStream {
  const { repository, client, now, schedule, checkpointMs, state, controllers, persist, saveSummary, sync } = context;
  /** The console gave up on a silent stream: the turn is interrupted, and says why. */
  const stalledAnswer = (turn: Turn): Turn =>
    turn.status === 'interrupted' ? { ...turn, error: stalledError(client().streamIdleTimeoutMs, turn) } : turn;

  /** The server refused a question because the chat is finished: it is marked so, and the question kept as the draft. */
  function conversationFinished(conversationId: string, question: string) {
    const summary = state().conversations[conversationId];
    if (summary && summary.finishedAt === undefined) saveSummary({ ...summary, finishedAt: now() });
    if (state().drafts[conversationId]?.trim()) return;
    state().draftChanged(conversationId, question);
    context.drafts.save(conversationId, question);
  }

  /** Re-attaches to an answer the server goes on writing (once: a second silence or cut ends it here). */
  function followOnServer(conversationId: string, turnId: string, when: 'at once' | 'when back') {
    const follow = () => {
      if (!context.closed.now && state().conversations[conversationId])
        context.runningOnServer(conversationId, turnId, 'reattach');
    };
    // Not tracked: stopping does not wait for the person to come back; once stopped, it does nothing.
    if (when === 'at once') follow();
    else void whenBack().then(follow);
  }

  /** The turn ended: it joins the saved conversation, and the list entry learns its words and recency. */
  function finish(conversationId: string, turn: Turn) {
    sync.turnEnded(conversationId);
    const summary = state().conversations[conversationId];
    // Saved before the live copy goes, so the view never falls back to the turn as it started.
    if (summary) state().turnSaved(conversationId, turn);
    state().liveEnded(turn.id);
    // A conversation deleted while it was answering stays deleted.
    if (!summary) return;
    void persist(repository.saveTurn(conversationId, turn));
    if (turn.status === 'waiting' && turn.answer.pausedToolCall) context.pauseSeen(conversationId, turn);
    const endedAt = now();
    // The words search looks through are read from every turn (a 200 KB answer takes ~20 ms): in a task of its
    // own, not in the one that ends the stream and shows the finished answer. Tracked, so stopping waits for it too.
    const later = new Promise<void>((resolve) =>
      setTimeout(() => {
        const latest = state().conversations[conversationId];
        if (latest)
          saveSummary({
            ...latest,
            updatedAt: Math.max(latest.updatedAt, endedAt),
            words: conversationWords(latest.title, state().turns[conversationId] ?? []),
          });
        resolve();
      }, 0),
    );
    context.tracked(later);
  }

  /** The call that answers a turn: sent with the turn's controller, the log's callback and the stream's handlers. */
  type Call = (
    controller: AbortController,
    onSent: (sent: NonNullable<Turn['request']>) => void,
    handlers: StreamHandlers,
  ) => Promise<AnswerStreamEnd>;

  function run(
    conversationId: string,
    turn: Turn,
    history: HistoryMessage[],
    historyIndex: number,
    extras: CallExtras,
    secretValues: readonly string[] = [],
  ) {
    const request = {
      text: turn.question,
      conversation_id: conversationId,
      history_index: historyIndex,
      // "Assistant default" picked for a follow-up: a current server would answer an omitted model with the
      // conversation's, so the default is asked for by null there; a first question, or an older server, omits it.
      ...(turn.model
        ? { llmModel: turn.model }
        : historyIndex > 0 && context.server.keepsGenerating
          ? { llmModel: null }
          : {}),
      // This console draws the Basic Catalog's forms, so it says so on every call (CURRENT-SERVERS.md §3.2).
      a2uiSupportedCatalogs: [BASIC_CATALOG_ID],
      ...(history.length ? { history } : {}),
      ...extras,
      ...(turn.fileNames?.length ? { file_names: [...turn.fileNames] } : {}),
    };
    return follow(conversationId, turn, (controller, onSent, handlers) =>
      streamAssistant(
        client(),
        {
          assistantId: turn.assistantId,
          request,
          stream: turn.mode === 'stream',
          signal: controller.signal,
          subject: turn.id,
          onSent,
          // The turn keeps the data model as everything else may show it (masked where a field was obscured).
          ...(secretValues.length > 0 && turn.a2uiAnswer
            ? {
                secrets: {
                  values: secretValues,
                  shownRequest: { ...request, a2uiDataModel: turn.a2uiAnswer.dataModel },
                },
              }
            : {}),
        },
        handlers,
      ),
    );
  }

  function resume(conversationId: string, turn: Turn, action: ToolCallDecision) {
    return follow(
      conversationId,
      turn,
      (controller, onSent, handlers) =>
        streamToolResume(
          client(),
          {
            assistantId: turn.assistantId,
            conversationId,
            action,
            signal: controller.signal,
            subject: turn.id,
            onSent,
          },
          handlers,
        ),
      describeResumeFailure,
    );
  }

  /** Asks the server to stop generating the conversation's answer, then shows what it kept. */
  async function stopOnServer(conversationId: string, turnId: string) {
    try {
      const stopped = await abortGeneration(client(), conversationId, turnId);
      if (!stopped) return;
      context.server.abortAnswered();
      await sync.reload(conversationId, turnId);
    } catch (error) {
      state().problemReported(
        `The server was not told to stop (${describeFailure(error)}); it may finish the answer anyway.`,
      );
    }
  }

  async function reattach(conversationId: string, turn: Turn): Promise<Turn> {
    // The replay starts at the turn's first chunk: the answer is rebuilt from it, so no word comes twice.
    const { endedAt: _ended, error: _error, ...rest } = turn;
    const fresh: Turn = { ...rest, status: 'sending', answer: emptyAnswer, mode: 'stream' };
    state().liveChanged(conversationId, fresh);
    return follow(
      conversationId,
      fresh,
      (controller, _onSent, handlers) =>
        streamReattach(client(), { conversationId, signal: controller.signal, subject: turn.id }, handlers),
      (error) => describeError(error, 'assistant'),
      true,
    );
  }

  async function follow(
    conversationId: string,
    turn: Turn,
    call: Call,
    describe: (error: ApiError) => ErrorDescription = (error) => describeError(error, 'assistant'),
    reattached = false,
  ): Promise<Turn> {
    const controller = new AbortController();
    controllers.set(turn.id, controller);
    /** The answer goes on on the server after this connection ended: it is re-attached to (at once, or when back). */
    let followAfter: 'at once' | 'when back' | null = null;
    /** The server answered (the stream opened): only then can the answer go on there without this connection. */
    let opened = false;
    let current = turn;
    let text = GrowingText.of(turn.answer.text);
    let saved = { turn, at: now() };
    const update = (change: (turn: Turn) => Turn) => {
      current = change(current);
      state().liveChanged(conversationId, current, text);
    };
    // While it streams, the turn is saved when its first text arrives, then at most every few seconds: a page
    // closed mid-answer keeps most of what had arrived, and no frame pays for a write.
    const checkpoint = () => {
      const first = saved.turn.answer.text === '' && current.answer.text !== '';
      if (
        current === saved.turn ||
        !(first || now() - saved.at >= checkpointMs) ||
        !state().conversations[conversationId]
      )
        return;
      saved = { turn: current, at: now() };
      void persist(repository.saveTurn(conversationId, current));
    };
    // How the stream travelled (first byte, first token, rate, gaps, frames): kept with a streamed turn.
    const health = turn.mode === 'stream' ? createHealthRecorder(now) : null;
    // The stream reader folds the chunks where it reads them and sends what they changed, one update a frame at most;
    // it is applied in the next animation frame too, which the screen would show it in anyway: the DOM then changes
    // before that frame's layout, so the virtualizer's resize observer keeps the end in view in the same frame
    // (changed in a task between frames, the frame's first readers saw it unmoved).
    const folded = createFrameBatcher<FoldedChunks>((batches) => {
      for (const batch of batches) {
        health?.read(batch.reads);
        ({ turn: current, text } = updateApplied({ turn: current, text }, batch.update));
      }
      health?.framed();
      state().liveChanged(conversationId, current, text);
      checkpoint();
    }, schedule);
    const onSent = (sent: NonNullable<Turn['request']>) => {
      health?.sent();
      update((live) => ({ ...live, request: sent }));
    };
    try {
      const end = await call(controller, onSent, {
        onOpen: ({ requestId, traceId, wire }) => {
          opened = true;
          health?.opened();
          update((live) =>
            answerOpened(live, { wire, ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) }),
          );
        },
        fold: {
          from: () => current.answer,
          onFolded: (batch) => {
            context.server.chunksSeen(batch);
            folded.push(batch);
          },
        },
        onAnswer: ({ tokensUsed, taskId }) =>
          update((live) => answerDetailsReceived(live, { tokensUsed: tokensUsed ?? null, taskId: taskId ?? null })),
      });
      // What arrived before the end (or before Stop) is kept; then the turn ends. Silence on a server that goes on
      // generating is not an end: the answer is re-attached to once (tools may be silent for minutes, CURRENT-SERVERS.md
      // §7); silent again after that, it ends as stalled.
      folded.flush();
      const goesOn = context.server.keepsGenerating && !reattached && opened;
      if (end === 'stalled' && goesOn) {
        followAfter = 'at once';
        context.silentOnce.add(turn.id);
      }
      // Ended short while the tab was hidden or offline (a dropped connection can read as an end): picked up when back.
      const cutAway = end !== 'aborted' && end !== 'stalled' && !current.answer.complete && goesOn && isAway();
      if (cutAway) followAfter = 'when back';
      update((live) =>
        end === 'aborted'
          ? answerStopped(live, now())
          : end === 'stalled' && followAfter === null
            ? stalledAnswer(answerEnded(live, now()))
            : cutAway
              ? { ...answerEnded(live, now()), error: cutWhileAway }
              : answerEnded(live, now()),
      );
    } catch (error) {
      folded.flush();
      const apiError = toApiError(error);
      // Cut while the tab was hidden or the browser offline, on a server that goes on generating: picked up when back.
      const cutAway =
        !controller.signal.aborted &&
        (apiError.kind === 'network' || apiError.kind === 'stream') &&
        context.server.keepsGenerating &&
        !reattached &&
        opened &&
        isAway();
      if (cutAway) followAfter = 'when back';
      const failure = cutAway ? cutWhileAway : describe(apiError);
      update((live) => (controller.signal.aborted ? answerStopped(live, now()) : answerFailed(live, failure, now())));
      // The question waits in the composer while the person connects what the server asked for (or picks a model).
      if ((failure.connect || failure.action === 'pick-model') && !state().drafts[conversationId]?.trim())
        state().draftChanged(conversationId, turn.question);
      // Finished meanwhile (an admin, a job): the chat says so, and the question waits to go to a new chat.
      if (failure.action === 'new-chat') conversationFinished(conversationId, turn.question);
    } finally {
      controllers.delete(turn.id);
      if (health) current = healthMeasured(current, health.figures(), client().log);
      if (reattached && current.health) current = { ...current, health: { ...current.health, reattached: true } };
      finish(conversationId, current);
      if (followAfter !== null) followOnServer(conversationId, turn.id, followAfter);
      // Stopped here: a current server goes on generating when the connection closes, so it is asked to stop, and
      // the turn then shows what the server kept. Stopped before this page saw any chunk, the server may be one: it is
      // asked too, and an older server's "no such route" is the answer that it was not.
      const mayKeepGenerating = context.server.mayKeepGenerating();
      if (controller.signal.aborted && mayKeepGenerating && !context.stoppedOnServer.delete(turn.id))
        context.tracked(stopOnServer(conversationId, turn.id));
    }
    return current;
  }

  return { run, resume, reattach };
}
