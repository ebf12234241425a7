import { streamAssistant } from '@/api/assistant-stream';
import { ApiError, isApiError } from '@/domain/errors/api-error';
import { titleFrom, type ConversationSummary } from '@/domain/conversations/conversation';
import { historyOf, type HistoryMessage } from '@/domain/conversations/history';
import { conversationWords } from '@/domain/conversations/transfer';
import { pathTo, selectVersion, visiblePath } from '@/domain/conversations/versions';
import { describeError, type ErrorDescription } from '@/domain/errors/describe-error';
import { GrowingText } from '@/domain/answer/growing-text';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { afterNextPaint } from '@/lib/after-next-paint';
import { createFrameBatcher } from '@/lib/frame-batcher';
import { createConversationLibrary } from '@/features/chat/conversations/conversation-library';
import { createServerSync } from '@/features/chat/conversations/server-sync';
import { isQuotaError } from '@/lib/storage-health';
import { createDraftSaver } from './draft-saver';
import { editDraftsKey, readEditDrafts, writeEditDrafts } from './edit-drafts';
import { createHealthRecorder, healthMeasured } from '@/features/chat/stream-health/health-recorder';
import { newTurn, type Turn } from './turn';
import {
  answerDetailsReceived,
  answerEnded,
  answerFailed,
  answerOpened,
  answerStopped,
  streamProgressed,
} from './turn-events';

import type { AskChoice, CallExtras, ChatRuntime, ChatRuntimeDeps } from './chat-runtime-contract';

export type { AskChoice, ChatRuntime, ChatRuntimeDeps } from './chat-runtime-contract';

const toApiError = (error: unknown): ApiError =>
  isApiError(error)
    ? error
    : new ApiError({ kind: 'internal', details: error instanceof Error ? error.message : String(error) });

/** Turns of a conversation read first, enough to fill a tall screen: its end shows before the rest is read. */
const latestTurnsFirst = 60;

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export function createChatRuntime(deps: ChatRuntimeDeps): ChatRuntime {
  const { store, repository, client } = deps;
  /** The console gave up on a silent stream: the turn is interrupted, and says why. */
  const stalledAnswer = (turn: Turn): Turn => {
    if (turn.status !== 'interrupted') return turn;
    const seconds = Math.round(client().streamIdleTimeoutMs / 1000);
    const error: ErrorDescription = {
      title: `No data from the server for ${seconds} s; the answer was stopped. What arrived is kept.`,
      explanation:
        'The stream stayed silent longer than streamIdleTimeoutSeconds in config.json allows. Ask again for a whole answer.',
      action: 'retry',
      ...(turn.requestId ? { requestId: turn.requestId } : {}),
    };
    return { ...turn, error };
  };
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const schedule = deps.schedule ?? ((run: () => void) => requestAnimationFrame(run));
  const checkpointMs = deps.checkpointMs ?? 3000;
  const state = () => store.getState();
  const controllers = new Map<string, AbortController>();
  // A full storage has its own banner with ways out (free space, export): it is not said twice.
  const drafts = createDraftSaver(repository, (error) =>
    isQuotaError(error)
      ? undefined
      : state().problemReported(`The draft could not be saved in this browser (${describe(error)}).`),
  );
  let listed: Promise<void> | null = null;
  const saveEdits = (conversationId: string) =>
    drafts.save(editDraftsKey(conversationId), writeEditDrafts(state().editing[conversationId] ?? {}));

  // Answers running and writes under way, so stopping can wait for them to settle.
  const running = new Set<Promise<void>>();
  const tracked = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };
  const persist = (work: Promise<unknown>) =>
    tracked(
      work.then(
        () => undefined,
        (error: unknown) =>
          isQuotaError(error)
            ? undefined
            : state().problemReported(
                `Conversations could not be saved in this browser (${describe(error)}). They last until this tab closes.`,
              ),
      ),
    );

  const saveSummary = (summary: ConversationSummary) => {
    state().conversationSaved(summary);
    void persist(repository.saveSummary(summary));
  };

  const sync = createServerSync({ store, repository, server: deps.server, now, saveSummary, persist });

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
    const endedAt = now();
    // The words search looks through are read from every turn (a 200 KB answer takes ~20 ms): in a task of its
    // own, not in the one that ends the stream and shows the finished answer.
    setTimeout(() => {
      const latest = state().conversations[conversationId];
      if (latest)
        saveSummary({
          ...latest,
          updatedAt: Math.max(latest.updatedAt, endedAt),
          words: conversationWords(latest.title, state().turns[conversationId] ?? []),
        });
    }, 0);
  }

  async function run(
    conversationId: string,
    turn: Turn,
    history: HistoryMessage[],
    historyIndex: number,
    extras: CallExtras,
  ) {
    const controller = new AbortController();
    controllers.set(turn.id, controller);
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
    const progress = createFrameBatcher<StreamChunk | null>((items) => {
      health?.framed();
      ({ turn: current, text } = streamProgressed({ turn: current, text }, items));
      state().liveChanged(conversationId, current, text);
      checkpoint();
    }, schedule);
    const request = {
      text: turn.question,
      conversation_id: conversationId,
      history_index: historyIndex,
      ...(turn.model ? { llmModel: turn.model } : {}),
      ...(history.length ? { history } : {}),
      ...extras,
      ...(turn.fileNames?.length ? { file_names: [...turn.fileNames] } : {}),
    };
    const onSent = (sent: NonNullable<Turn['request']>) => {
      health?.sent();
      update((live) => ({ ...live, request: sent }));
    };
    try {
      const end = await streamAssistant(
        client(),
        {
          assistantId: turn.assistantId,
          request,
          stream: turn.mode === 'stream',
          signal: controller.signal,
          subject: turn.id,
          onSent,
        },
        {
          onOpen: ({ requestId, wire }) => {
            health?.opened();
            update((live) => answerOpened(live, { wire, ...(requestId ? { requestId } : {}) }));
          },
          onChunk: (chunk) => {
            health?.chunk(chunk);
            progress.push(chunk);
          },
          onMalformed: () => {
            health?.chunk(null);
            progress.push(null);
          },
          onAnswer: ({ tokensUsed, taskId }) =>
            update((live) => answerDetailsReceived(live, { tokensUsed: tokensUsed ?? null, taskId: taskId ?? null })),
        },
      );
      // What arrived before the end (or before Stop) is kept; then the turn ends.
      progress.flush();
      update((live) =>
        end === 'aborted'
          ? answerStopped(live, now())
          : end === 'stalled'
            ? stalledAnswer(answerEnded(live, now()))
            : answerEnded(live, now()),
      );
    } catch (error) {
      progress.flush();
      const failure = describeError(toApiError(error), 'assistant');
      update((live) => (controller.signal.aborted ? answerStopped(live, now()) : answerFailed(live, failure, now())));
    } finally {
      controllers.delete(turn.id);
      if (health) current = healthMeasured(current, health.figures(), client().log);
      finish(conversationId, current);
    }
  }

  /** Adds a turn under `parentId`, shows it (as the chosen version there), saves it and sends it. */
  function start(
    conversationId: string,
    parentId: string | null,
    question: string,
    choice: AskChoice,
    extras: CallExtras = {},
  ): void {
    const at = now();
    const { assistant, mode, model, fileNames } = choice;
    const asked = newTurn({
      id: newId(),
      parentId,
      question,
      assistantId: assistant.id,
      assistantName: assistant.name,
      mode,
      model,
      startedAt: at,
    });
    const withFiles: Turn = fileNames?.length ? { ...asked, fileNames: [...fileNames] } : asked;
    const turn: Turn = extras.interactive_response
      ? { ...withFiles, interactiveResponse: extras.interactive_response }
      : withFiles;
    const known = state().conversations[conversationId];
    const base: ConversationSummary = known ?? {
      id: conversationId,
      title: titleFrom(question),
      createdAt: at,
      updatedAt: at,
      selection: {},
      words: [],
    };
    const turns = [...(state().turns[conversationId] ?? []), turn];
    state().turnSaved(conversationId, turn);
    state().liveChanged(conversationId, turn);
    const selection = selectVersion(base.selection, parentId, turn.id);
    const answerer = { id: assistant.id, name: assistant.name, ...(model ? { model } : {}) };
    saveSummary({
      ...base,
      updatedAt: at,
      selection,
      words: conversationWords(base.title, turns),
      assistant: answerer,
    });
    void persist(repository.saveTurn(conversationId, turn));
    // The turns before this one: their answers go as history, their count is the question's index on the server.
    const before = pathTo(turns, parentId);
    void tracked(run(conversationId, turn, historyOf(before), before.length, extras));
  }

  const stopConversation = (conversationId: string) => {
    for (const [turnId, live] of Object.entries(state().live))
      if (live.conversationId === conversationId) controllers.get(turnId)?.abort();
  };

  const library = createConversationLibrary({ store, repository, now, newId, saveSummary, stopConversation });
  const runtime: ChatRuntime = {
    ...library,
    rename(conversationId, title) {
      library.rename(conversationId, title);
      void sync.rename(conversationId, title.replace(/\s+/g, ' ').trim());
    },
    pin(conversationId, pinned) {
      const summary = state().conversations[conversationId];
      if (summary) saveSummary({ ...summary, pinned });
      void sync.pin(conversationId, pinned);
    },
    async remove(conversationId) {
      const [local, remote] = await Promise.all([library.remove(conversationId), sync.remove(conversationId)]);
      if (!local && !remote) return null;
      return async () => {
        await remote?.();
        await local?.();
      };
    },
    refresh: (conversationId) => sync.refresh(conversationId),
    async exportFile(conversationId, format) {
      // A server conversation never opened here is read first: what is exported is what opening it shows.
      if (!state().conversations[conversationId]) await sync.load(conversationId);
      return library.exportFile(conversationId, format);
    },
    load() {
      listed ??= repository.list().then(
        ({ conversations, unreadable }) => {
          state().listLoaded(conversations);
          const which =
            unreadable === 1
              ? '1 saved conversation could not be read and is'
              : `${unreadable} saved conversations could not be read and are`;
          if (unreadable) state().problemReported(`${which} not shown.`);
        },
        (error: unknown) =>
          state().listFailed(
            `Saved conversations could not be read (${describe(error)}). New ones still work but may not be saved.`,
          ),
      );
      void repository.draftOf('').then((text) => state().draftLoaded('', text), drafts.report);
      return listed;
    },
    async open(conversationId) {
      if (state().opening[conversationId] === 'loading') return;
      if (state().turns[conversationId]) return sync.refresh(conversationId);
      state().openStarted(conversationId);
      // The draft is small and shown first; the turns may take longer.
      void repository.draftOf(conversationId).then((text) => state().draftLoaded(conversationId, text), drafts.report);
      void repository
        .draftOf(editDraftsKey(conversationId))
        .then((text) => state().editsLoaded(conversationId, readEditDrafts(text)), drafts.report);
      try {
        // A long conversation's latest turns are read first and shown while the rest is read (sending waits for
        // it): the whole read is asked only once they are painted, so its answer cannot hold up the first paint. The
        // list (it says whether the conversation exists) is read meanwhile.
        const listed = runtime.load();
        const latest = await repository.recentTurnsOf(conversationId, latestTurnsFirst).catch(() => []);
        if (latest.length > 0) {
          state().openedLatest(conversationId, latest);
          // Reading and checking 10,000 turns takes the main thread for ~150 ms: not before the latest are on screen.
          await afterNextPaint(schedule);
        }
        const [, turns] = await Promise.all([listed, repository.turnsOf(conversationId)]);
        if (!state().conversations[conversationId] && turns.length === 0) {
          // Not in this browser: a conversation of the server's (from another client) is read from there.
          if (!(await sync.load(conversationId))) state().openEnded(conversationId, { failed: 'missing' });
        } else {
          state().openEnded(conversationId, { turns });
          void sync.refresh(conversationId);
        }
      } catch (error) {
        state().problemReported(`This conversation could not be read (${describe(error)}).`);
        state().openEnded(conversationId, { failed: 'failed' });
      }
    },
    ask(conversationId, question, choice) {
      const summary = state().conversations[conversationId];
      const parent = visiblePath(state().turns[conversationId] ?? [], summary?.selection ?? {}).at(-1);
      const tools: CallExtras = {
        ...(choice.tools?.webSearch ? { enable_web_search: true } : {}),
        ...(choice.tools?.codeInterpreter ? { enable_code_interpreter: true } : {}),
      };
      start(conversationId, parent?.id ?? null, question, choice, tools);
    },
    stop(turnId) {
      controllers.get(turnId)?.abort();
    },
    respond(conversationId, asking, text, response) {
      // The assistant that asked hears the answer, streamed: real servers offer the asking tool only on streamed calls.
      const choice: AskChoice = {
        assistant: { id: asking.assistantId, name: asking.assistantName },
        model: asking.model ?? '',
        mode: 'stream',
      };
      start(conversationId, asking.id, text, choice, { interactive_response: response });
    },
    feedbackMarked(conversationId, turnId, feedback) {
      const turn = state().turns[conversationId]?.find((known) => known.id === turnId);
      if (!turn) return;
      const { feedback: _old, ...rest } = turn;
      const marked: Turn = feedback ? { ...rest, feedback } : rest;
      state().turnSaved(conversationId, marked);
      void persist(repository.saveTurn(conversationId, marked));
    },
    regenerate(conversationId, turn, mode) {
      const assistant = { id: turn.assistantId, name: turn.assistantName };
      // An answer to the agent's question is asked again as that answer (a re-answer at the same turn).
      const extras: CallExtras = turn.interactiveResponse ? { interactive_response: turn.interactiveResponse } : {};
      start(
        conversationId,
        turn.parentId,
        turn.question,
        { assistant, model: turn.model ?? '', mode, fileNames: turn.fileNames },
        extras,
      );
    },
    edit(conversationId, turnId, question, choice) {
      const turn = state().turns[conversationId]?.find((known) => known.id === turnId);
      runtime.cancelEditing(conversationId, turnId);
      // The edited question keeps the files its turn was sent with.
      if (turn) start(conversationId, turn.parentId, question, { ...choice, fileNames: turn.fileNames });
      else runtime.ask(conversationId, question, choice);
    },
    selectVersion(conversationId, parentId, turnId) {
      const summary = state().conversations[conversationId];
      if (summary) saveSummary({ ...summary, selection: selectVersion(summary.selection, parentId, turnId) });
    },
    draftChanged(key, text) {
      state().draftChanged(key, text);
      drafts.save(key, text);
    },
    startEditing(conversationId, turn) {
      if (state().editing[conversationId]?.[turn.id] !== undefined) return;
      runtime.editChanged(conversationId, turn.id, turn.question);
    },
    editChanged(conversationId, turnId, text) {
      state().editChanged(conversationId, turnId, text);
      saveEdits(conversationId);
    },
    cancelEditing(conversationId, turnId) {
      if (state().editing[conversationId]?.[turnId] === undefined) return;
      state().editEnded(conversationId, turnId);
      saveEdits(conversationId);
    },
    async cancelAll() {
      for (const controller of controllers.values()) controller.abort();
      // Each stopped answer saves what it had as it ends; that save is awaited too.
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    saveLive() {
      for (const { conversationId, turn } of Object.values(state().live)) {
        if (state().conversations[conversationId]) void persist(repository.saveTurn(conversationId, turn));
      }
    },
  };
  return runtime;
}
