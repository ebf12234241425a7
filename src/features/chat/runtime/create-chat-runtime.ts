import { abortGeneration } from '@/api/stream/assistant-stream';
import { selectVersion } from '@/domain/conversations/versions';
import { judgePair } from '@/domain/workflows/verdicts/verdicts';
import { describeFailure } from '@/domain/errors/describe-failure';
import { createConversationLibrary } from '@/features/chat/conversations/conversation-library';
import { createAskVerbs } from './ask-verbs';
import { createChatRuntimeShared } from './chat-runtime-shared';
import { createConversationOpening } from './opening/conversation-opening';
import { createDraftVerbs } from './drafts/draft-verbs';
import type { Turn } from './turn';
import { createServerGeneration } from './server-generation';
import { createTurnStream } from './turn-stream';
import { createFollowUpVerbs } from './follow-up-verbs';
import { createApprovalVerbs } from './approval-verbs';

import type { ChatRuntime, ChatRuntimeDeps } from './chat-runtime-contract';

export type { AskChoice, ChatRuntime, ChatRuntimeDeps } from './chat-runtime-contract';

// The chat runtime put together: the library of conversations (kept in step with the server), reading them
// (conversation-opening), sending questions (ask-verbs, turn-stream), the person's decisions on paused tool calls
// (approval-verbs), the follow-up queue (follow-up-verbs), drafts and edits (draft-verbs), and the answers in flight.
// What the server can do is learnt in one place (server-capabilities).

export function createChatRuntime(deps: ChatRuntimeDeps): ChatRuntime {
  const context = createChatRuntimeShared(deps);
  const { store, repository, now, newId, state, controllers, persist, saveSummary, sync } = context;

  const stopConversation = (conversationId: string) => {
    for (const [turnId, live] of Object.entries(state().live))
      if (live.conversationId === conversationId) controllers.get(turnId)?.abort();
  };

  const library = createConversationLibrary({ store, repository, now, newId, saveSummary, stopConversation });
  const drafts = createDraftVerbs(context);
  const stream = createTurnStream(context);
  const generation = createServerGeneration(context, stream);
  context.followRunning((conversationId, turnId, how) => generation.follow(conversationId, turnId, how));
  const askVerbs = createAskVerbs(context, { stream, cancelEditing: drafts.cancelEditing });
  async function stopThen(turnId: string, next: () => void) {
    const live = state().live[turnId];
    const stopsOnServer = live !== undefined && context.server.mayKeepGenerating();
    // The connection closes first (the turn ends as stopped, not cut off); the server is told next and has answered
    // before the next question goes: a stop arriving after that question could end it instead.
    if (stopsOnServer) context.stoppedOnServer.add(turnId);
    controllers.get(turnId)?.abort();
    if (stopsOnServer) await abortGeneration(context.client(), live.conversationId).catch(() => undefined);
    next();
  }
  const followUps = createFollowUpVerbs(context, { ask: askVerbs.ask, stopThen });
  const approvals = createApprovalVerbs(context, stream, followUps);
  const opening = createConversationOpening(context, { adoptLegacyQueue: followUps.adoptLegacy });
  // Every verb of the contract named once, with where it lives: no spread can override another unseen.
  const runtime: ChatRuntime = {
    load: opening.load,
    open: opening.open,
    refresh: (conversationId) => sync.refresh(conversationId),
    followOnReturn: (conversationId) => sync.refreshOnReturn(conversationId),
    searchTexts: library.searchTexts,
    // Renaming, pinning and the tool policy change the entry here and go to the server, through one path each.
    rename(conversationId, title) {
      library.rename(conversationId, title);
      sync.rename(conversationId, title.replace(/\s+/g, ' ').trim());
    },
    setToolPolicy(conversationId, policy) {
      state().toolPolicyChosen(conversationId, policy);
      const summary = state().conversations[conversationId];
      if (summary) saveSummary({ ...summary, toolCallPolicy: policy });
      sync.toolPolicy(conversationId, policy);
    },
    pin(conversationId, pinned) {
      const summary = state().conversations[conversationId];
      if (summary) saveSummary({ ...summary, pinned });
      sync.pin(conversationId, pinned);
    },
    async finish(conversationId) {
      const outcome = await sync.finish(conversationId);
      if (typeof outcome === 'string') return outcome;
      const summary = state().conversations[conversationId];
      if (summary) saveSummary({ ...summary, finishedAt: outcome.finishedAt });
      return 'finished';
    },
    // Deleting, bringing back, importing and exporting say here what failed: the list's buttons do not wait on them.
    async remove(conversationId) {
      const told = (what: string) => (error: unknown) =>
        state().problemReported(`The conversation could not be ${what} (${describeFailure(error)}).`);
      const both = Promise.all([library.remove(conversationId), sync.remove(conversationId)]);
      const [local, remote] = await both.catch((error: unknown) => {
        told('deleted')(error);
        return [null, null] as const;
      });
      if (!local && !remote) return null;
      return async () => {
        await remote?.();
        await local?.().catch(told('brought back'));
      };
    },
    importFile: (text) =>
      library.importFile(text).catch((error: unknown) => ({
        ok: false as const,
        problems: [`The conversation could not be saved in this browser (${describeFailure(error)}).`],
      })),
    async exportFile(conversationId, format) {
      // A server conversation never opened here is read first: what is exported is what opening it shows.
      if (!state().conversations[conversationId]) await sync.load(conversationId);
      return library.exportFile(conversationId, format).catch((error: unknown) => {
        state().problemReported(`The conversation could not be exported (${describeFailure(error)}).`);
        return null;
      });
    },
    ask: askVerbs.ask,
    respond: askVerbs.respond,
    regenerate: askVerbs.regenerate,
    edit: askVerbs.edit,
    answerForm: askVerbs.answerForm,
    decideToolCall: approvals.decideToolCall,
    revokeAllowance: approvals.revokeAllowance,
    allowancesApply: approvals.allowancesApply,
    stopThen,
    stop(turnId) {
      // What is queued in the conversation waits for the person: Stop stops the queue too.
      const live = state().live[turnId];
      if (live) followUps.stopped(live.conversationId);
      // A current server goes on generating when the connection closes: the turn's end asks it to stop too (and a
      // turn only watched, with no connection, is stopped on the server by its watcher).
      controllers.get(turnId)?.abort();
    },
    queue: followUps.queue,
    editQueued: followUps.editQueued,
    moveQueued: followUps.moveQueued,
    removeQueued: followUps.removeQueued,
    clearQueue: followUps.clearQueue,
    pauseQueue: followUps.pauseQueue,
    resumeQueue: followUps.resumeQueue,
    sendQueuedNow: followUps.sendQueuedNow,
    judgeAnswer(conversationId, against, index, change) {
      const summary = state().conversations[conversationId];
      if (summary) saveSummary({ ...summary, verdicts: judgePair(summary.verdicts, against, String(index), change) });
    },
    feedbackMarked(conversationId, turnId, feedback) {
      const turn = state().turns[conversationId]?.find((known) => known.id === turnId);
      if (!turn) return;
      const { feedback: _old, ...rest } = turn;
      const marked: Turn = feedback ? { ...rest, feedback } : rest;
      state().turnSaved(conversationId, marked);
      persist(repository.saveTurn(conversationId, marked));
    },
    selectVersion(conversationId, parentId, turnId) {
      const summary = state().conversations[conversationId];
      if (summary) saveSummary({ ...summary, selection: selectVersion(summary.selection, parentId, turnId) });
    },
    draftChanged: drafts.draftChanged,
    startEditing: drafts.startEditing,
    editChanged: drafts.editChanged,
    cancelEditing: drafts.cancelEditing,
    async cancelAll() {
      context.closed.now = true;
      context.sync.stopWatching();
      followUps.close();
      for (const controller of controllers.values()) controller.abort();
      // Each stopped answer saves what it had as it ends; that save is awaited too.
      while (context.running.size > 0) await Promise.allSettled([...context.running]);
      await context.drafts.settled();
    },
    saveLive() {
      for (const { conversationId, turn } of Object.values(state().live)) {
        if (state().conversations[conversationId]) persist(repository.saveTurn(conversationId, turn));
      }
    },
  };
  return runtime;
}
