import { answerSecrets, fillSecretFields, maskSecretFields, type AnswerSecrets } from '@/domain/a2ui/obscured';
import { foldEnvelopes } from '@/domain/a2ui/surface';
import { asksWithForm } from '@/domain/answer/answer';
import { titleFrom, type ConversationSummary } from '@/domain/conversations/conversation';
import { historyOf } from '@/domain/conversations/history';
import { conversationWords } from '@/domain/conversations/transfer/transfer';
import { pathTo, selectVersion, visiblePath } from '@/domain/conversations/versions';
import type { ChatRuntimeShared } from './chat-runtime-shared';
import type { AskChoice, CallExtras, ChatRuntime } from './chat-runtime-contract';
import { newTurn, type Turn } from './turn';
import type { TurnStream } from './turn-stream';

// The verbs that send a question: a new one (ask), an answer to the agent's question (respond), and a new version of
// a turn (regenerate, edit). Each adds a turn, shows and saves it, and streams its answer.

export type AskVerbs = Pick<ChatRuntime, 'ask' | 'respond' | 'regenerate' | 'edit' | 'answerForm'>;

interface AskDeps {
  stream: TurnStream;
  /** Closes a turn's edit (an edited question is sent as a new version). */
  cancelEditing: ChatRuntime['cancelEditing'];
}

export function createAskVerbs(context: ChatRuntimeShared, { stream, cancelEditing }: AskDeps): AskVerbs {
  const { repository, now, newId, state, persist, saveSummary } = context;

  /** Adds a turn under `parentId`, shows it (as the chosen version there), saves it and sends it. */
  function start(
    conversationId: string,
    parentId: string | null,
    question: string,
    choice: AskChoice,
    extras: CallExtras = {},
    secrets: AnswerSecrets = { fields: [], values: [] },
  ): string {
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
      : extras.a2uiAction !== undefined
        ? {
            ...withFiles,
            a2uiAnswer: {
              action: extras.a2uiAction,
              // An obscured field's value is kept nowhere: the turn (and every copy of it) holds the mask.
              dataModel: maskSecretFields(extras.a2uiDataModel ?? {}, secrets.fields),
              ...(secrets.fields.length > 0 ? { secretFields: secrets.fields } : {}),
            },
          }
        : withFiles;
    // A form the agent asked with no longer waits once something follows it.
    const parent =
      parentId === null ? undefined : state().turns[conversationId]?.find((known) => known.id === parentId);
    if (parent?.status === 'waiting' && asksWithForm(parent.answer) && !parent.answer.pausedToolCall) {
      const passed: Turn = { ...parent, status: 'completed' };
      state().turnSaved(conversationId, passed);
      persist(repository.saveTurn(conversationId, passed));
    }
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
      ...(!known && state().toolPolicies[conversationId]
        ? { toolCallPolicy: state().toolPolicies[conversationId] }
        : {}),
    });
    persist(repository.saveTurn(conversationId, turn));
    // The turns before this one: their answers go as history, their count is the question's index on the server.
    const before = pathTo(turns, parentId);
    const answered = stream
      .run(conversationId, turn, historyOf(before), before.length, extras, secrets.values)
      .then((ended) => {
        // A form answer the server refused (a value it would not take) is said on the form, which is open again: a
        // failed turn with a Retry that cannot succeed would stand for it in the transcript.
        if (extras.a2uiAction !== undefined && ended.status === 'failed' && ended.error?.action === 'edit') {
          state().turnDropped(conversationId, turn.id);
          // The form waits again.
          if (parent?.status === 'waiting') state().turnSaved(conversationId, parent);
          persist(repository.replaceTurns(conversationId, state().turns[conversationId] ?? []));
          const now = state().conversations[conversationId];
          if (now) saveSummary({ ...now, selection: base.selection });
          return ended;
        }
        // A current server may name a new chat a moment after its first answer: the name is read again.
        if (!known && ended.status === 'completed' && context.server.keepsGenerating)
          // Not tracked: stopping need not wait for it; once stopped it writes nothing.
          context.sync.nameAfterFirstTurn(conversationId);
        return ended;
      });
    // A policy chosen before the chat's first question is saved on the conversation the question created there.
    const chosen = state().toolPolicies[conversationId];
    context.tracked(
      known || !chosen
        ? answered.then(() => undefined)
        : answered.then(() => context.sync.toolPolicy(conversationId, chosen)),
    );
    return turn.id;
  }

  const ask: AskVerbs['ask'] = (conversationId, question, choice) => {
    const summary = state().conversations[conversationId];
    const parent = visiblePath(state().turns[conversationId] ?? [], summary?.selection ?? {}).at(-1);
    const tools: CallExtras = {
      ...(choice.tools?.webSearch ? { enable_web_search: true } : {}),
      ...(choice.tools?.codeInterpreter ? { enable_code_interpreter: true } : {}),
      ...(choice.toolPolicy ? { tool_call_policy: choice.toolPolicy } : {}),
    };
    start(conversationId, parent?.id ?? null, question, choice, tools);
  };

  return {
    ask,
    respond(conversationId, asking, text, response) {
      // The assistant that asked hears the answer, streamed: real servers offer the asking tool only on streamed calls.
      const choice: AskChoice = {
        assistant: { id: asking.assistantId, name: asking.assistantName },
        model: asking.model ?? '',
        mode: 'stream',
      };
      start(conversationId, asking.id, text, choice, { interactive_response: response });
    },
    regenerate(conversationId, turn, mode, typed = {}) {
      const assistant = { id: turn.assistantId, name: turn.assistantName };
      const fields = turn.a2uiAnswer?.secretFields ?? [];
      const values = fields.map(({ path }) => typed[path] ?? '');
      // The secrets of a form answer were never kept: it goes again only with each one typed again.
      if (values.some((value) => value === '')) return false;
      // An answer to the agent's question is asked again as that answer (a re-answer at the same turn).
      const extras: CallExtras = turn.interactiveResponse
        ? { interactive_response: turn.interactiveResponse }
        : turn.a2uiAnswer
          ? {
              a2uiAction: turn.a2uiAnswer.action,
              a2uiDataModel: fillSecretFields(turn.a2uiAnswer.dataModel, fields, typed),
            }
          : {};
      start(
        conversationId,
        turn.parentId,
        turn.question,
        { assistant, model: turn.model ?? '', mode, fileNames: turn.fileNames },
        extras,
        { fields, values },
      );
      return true;
    },
    answerForm(conversationId, askingTurnId, answer) {
      const asking = state().turns[conversationId]?.find((known) => known.id === askingTurnId);
      if (!asking) return null;
      // The assistant that asked hears the answer, streamed: servers offer the form tool only on streamed calls.
      const choice: AskChoice = {
        assistant: { id: asking.assistantId, name: asking.assistantName },
        model: asking.model ?? '',
        mode: 'stream',
      };
      const surface = foldEnvelopes(asking.answer.a2uiEnvelopes ?? []).find(
        (candidate) => candidate.surfaceId === answer.a2uiAction.action.surfaceId,
      );
      const secrets = surface ? answerSecrets(surface, answer.a2uiDataModel) : undefined;
      return start(
        conversationId,
        asking.id,
        answer.text,
        choice,
        { a2uiAction: answer.a2uiAction, a2uiDataModel: answer.a2uiDataModel },
        secrets,
      );
    },
    edit(conversationId, turnId, question, choice) {
      const turn = state().turns[conversationId]?.find((known) => known.id === turnId);
      cancelEditing(conversationId, turnId);
      // The edited question keeps the files its turn was sent with.
      if (turn) start(conversationId, turn.parentId, question, { ...choice, fileNames: turn.fileNames });
      else ask(conversationId, question, choice);
    },
  };
}
