import { allowancesOf } from '@/domain/approval/standing-allowances';
import type { StoreApi } from 'zustand/vanilla';
import type { ServerConversation } from '@/api/conversations/conversation-schemas';
import { titleFrom, type ConversationSummary } from '@/domain/conversations/conversation';
import { changedElsewhere } from '@/domain/conversations/server/server-join';
import { servedTurns } from '@/domain/conversations/server/served-turns';
import type { ToolCallPolicy } from '@/domain/approval/tool-policy';
import type { StoredPendingCall } from '@/domain/approval/paused-call';
import { serverTitle } from '@/domain/conversations/server/server-list';
import { conversationWords } from '@/domain/conversations/transfer/transfer';
import { failureMessage } from '@/domain/errors/describe-failure';
import { isApiError, isRouteMissing } from '@/domain/errors/api-error';
import { serverTimeMs } from '@/domain/time/server-time';
import type { ChatState } from '@/features/chat/runtime/chat-store';
import type { ConversationRepository } from './conversation-repository';
import type { Turn } from '@/features/chat/runtime/turn';
import type { ServerCapabilities } from '@/features/chat/runtime/server-capabilities';
import type { ConversationWatchSpec, ServerConversations } from './server-conversations';
import type { ServerWatch } from '@/api/server-watch';
import { watchForServerName } from './naming/chat-naming';

// Where the server keeps the person's conversations, it is their source of truth and this browser's database is its
// cache: what is read from the server is joined with the turns kept here (see joinServerHistory) and written back,
// so reopening is instant and reading works offline.

interface SyncDeps {
  store: StoreApi<ChatState>;
  repository: ConversationRepository;
  server: ServerConversations | undefined;
  now: () => number;
  saveSummary(summary: ConversationSummary): void;
  persist(work: Promise<unknown>): Promise<unknown>;
  /** What the server can do: its history items say whether it keeps generating when the browser leaves. */
  generation?: ServerCapabilities;
  /** The chat stopped (sign-out, Clear local data): nothing read late may be written any more. */
  closed?: () => boolean;
  /** A turn the server is still generating, not followed from here: someone follows it. */
  runningOnServer?: (conversationId: string, turnId: string, how: RunningFollow) => void;
}

export type LoadOutcome = { found: true } | { found: false; missing: true } | { found: false; problem: string };

/** How a turn running on the server is followed: its stream re-attached, or (a workflow's) its execution read. */
export type RunningFollow = 'reattach' | 'execution';

/** A workflow's conversation: real servers say so as `is_workflow_conversation` when it is read, `is_workflow` in lists. */
const isWorkflowConversation = (conversation: ServerConversation) =>
  conversation.is_workflow_conversation === true || conversation.is_workflow === true;

export interface ServerSync {
  /**
   * Reads a conversation this browser does not have from the server: 'missing' when the server has none either (or
   * keeps no conversations), else the reason it could not be read now (offline, a failing server, no access).
   */
  load(conversationId: string): Promise<LoadOutcome>;
  /** Reads the server's copy again; changed elsewhere since, the transcript takes it (no turn kept here is lost). */
  refresh(conversationId: string): Promise<void>;
  rename(conversationId: string, title: string): Promise<void>;
  pin(conversationId: string, pinned: boolean): Promise<void>;
  /** Saves the chat's tool-call policy on the server's conversation (where it has one). */
  toolPolicy(conversationId: string, policy: ToolCallPolicy): Promise<void>;
  /**
   * Finishes the chat on the server (its owner): 'unsupported' where the server has no such route (2.42 servers),
   * 'failed' when it refused (the problem is reported).
   */
  finish(conversationId: string): Promise<{ finishedAt: number } | 'unsupported' | 'failed'>;
  /** Deletes on the server; the promise gives an undo (null where the server had nothing to delete). */
  remove(conversationId: string): Promise<(() => Promise<void>) | null>;
  /**
   * Reads the server's copy again whatever it says, and takes it; 'running' while the server still generates one of
   * its turns, 'unavailable' when it could not be read. `turnId`: the turn the read is for (its trace).
   */
  reload(conversationId: string, turnId?: string): Promise<'running' | 'settled' | 'unavailable'>;
  /**
   * After a new chat's first answer, reads its name as the official UI does (see `namingPace`): current servers may
   * rename a chat with an LLM a few seconds after, over a name cut from the question. A name the person gave
   * meanwhile stands.
   */
  nameAfterFirstTurn(conversationId: string): Promise<void>;
  /** Reads the conversation again each time the tab comes back into view, until the returned function is called. */
  refreshOnReturn(conversationId: string): () => void;
  /** Watches one conversation on the server (its reads stop when the chat stops). */
  watch<T, V>(conversationId: string, purpose: string, spec: ConversationWatchSpec<T, V>): ServerWatch | null;
  /** Ends every watch (sign-out, Clear local data): nothing more is read. */
  stopWatching(): void;
  /** A call from here ended: the server stored a turn. */
  turnEnded(conversationId: string): void;
  /**
   * The tool call the server holds paused on the conversation now, read afresh (null: none): a decision goes only to
   * the call the person saw. 'unchecked' where the server keeps no conversations; 'unreadable' when the read failed.
   */
  pendingCall(conversationId: string, turnId: string): Promise<StoredPendingCall | null | 'unchecked' | 'unreadable'>;
}

export function createServerSync({
  store,
  repository,
  server,
  now,
  saveSummary,
  persist,
  generation,
  runningOnServer,
  closed = () => false,
}: SyncDeps): ServerSync {
  const state = () => store.getState();
  const available = async () => (server ? (await server.support()) === 'available' : false);
  const answering = (conversationId: string) =>
    Object.values(state().live).some((live) => live.conversationId === conversationId);

  const joinedTurns = (conversation: ServerConversation): Turn[] =>
    servedTurns(
      conversation,
      state().turns[conversation.id] ?? [],
      state().conversations[conversation.id]?.assistant,
      now(),
    );

  /**
   * Whether the server's copy ends an answer this browser holds only in part: cut off or stopped here (a current
   * server may store a word more than a stopped page saw), or left as streaming by a page that closed. A server that
   * went on writing it may have changed nothing else it shows (its update date, its number of items).
   */
  function endsAnswerHeldInPart(conversation: ServerConversation): boolean {
    const partial = (state().turns[conversation.id] ?? []).filter(
      (turn) =>
        (turn.status === 'interrupted' || turn.status === 'streaming' || turn.status === 'stopped') &&
        !state().live[turn.id],
    );
    if (partial.length === 0) return false;
    const joined = new Map(joinedTurns(conversation).map((turn) => [turn.id, turn]));
    return partial.some((turn) => {
      const now = joined.get(turn.id);
      return now !== undefined && (now.status !== turn.status || now.answer.text !== turn.answer.text);
    });
  }

  function apply(conversation: ServerConversation): void {
    const id = conversation.id;
    const turns = joinedTurns(conversation);
    const known = state().conversations[id];
    const firstQuestion = conversation.history.find((item) => item.role === 'User')?.message ?? undefined;
    const title =
      serverTitle(conversation.conversation_name, known?.title, firstQuestion) ?? titleFrom(turns[0]?.question ?? '');
    const updateDate = conversation.update_date ?? conversation.date ?? '';
    const updatedAt = serverTimeMs(updateDate) ?? now();
    const latest = [...turns].sort((a, b) => a.startedAt - b.startedAt).at(-1);
    const finishedAt = serverTimeMs(conversation.finished_at);
    // The turns first: the list entry reads what waits from them.
    state().openEnded(id, { turns });
    const assistant = known?.assistant ?? (latest ? { id: latest.assistantId, name: latest.assistantName } : undefined);
    saveSummary({
      id,
      title,
      createdAt: known?.createdAt ?? serverTimeMs(conversation.date) ?? updatedAt,
      updatedAt: Math.max(known?.updatedAt ?? 0, updatedAt),
      selection: known?.selection ?? {},
      words: conversationWords(title, turns),
      ...(assistant ? { assistant } : {}),
      pinned: conversation.pinned === true,
      server: { updateDate, items: conversation.history.length },
      ...(conversation.tool_call_policy ? { toolCallPolicy: conversation.tool_call_policy } : {}),
      ...(finishedAt !== undefined ? { finishedAt } : {}),
      // What only this browser keeps of the conversation stays.
      ...(known?.followUps ? { followUps: known.followUps } : {}),
      ...allowancesOf(known),
      ...(known?.verdicts ? { verdicts: known.verdicts } : {}),
    });
    persist(repository.replaceTurns(id, turns));
    generation?.historySeen(conversation.history);
    // Turns the server is still writing (after a reload, from another tab or device) are followed from here; a
    // workflow's conversation by reading it as its execution goes on, never by re-attaching (CURRENT-SERVERS.md §2.4).
    const how: RunningFollow = isWorkflowConversation(conversation) ? 'execution' : 'reattach';
    for (const turn of turns)
      if (turn.status === 'streaming' && !state().live[turn.id]) runningOnServer?.(id, turn.id, how);
  }

  const watches = new Set<ServerWatch>();
  function watchConversation<T, V>(
    conversationId: string,
    purpose: string,
    spec: ConversationWatchSpec<T, V>,
  ): ServerWatch | null {
    if (!server || closed()) return null;
    let watch: ServerWatch | null = null;
    watch = server.watch<T, V>(conversationId, purpose, {
      ...spec,
      onAnswer(answer, verdict) {
        if (verdict !== null && watch) watches.delete(watch);
        spec.onAnswer(answer, verdict);
      },
    });
    if (!watch.over) watches.add(watch);
    return watch;
  }

  const told = (what: string) => (error: unknown) =>
    state().problemReported(`The server did not ${what} (${failureMessage(error)}).`);

  const refreshing = new Map<string, Promise<void>>();
  function refresh(conversationId: string): Promise<void> {
    // One read at a time per conversation: a reload opens it before its screen does, and both ask.
    const running = refreshing.get(conversationId);
    if (running) return running;
    const read = refreshOnce(conversationId).finally(() => refreshing.delete(conversationId));
    refreshing.set(conversationId, read);
    return read;
  }
  async function refreshOnce(conversationId: string): Promise<void> {
    // A conversation whose turns left memory is joined with the server's when it is opened again, not before.
    const notHeld = state().opening[conversationId] === 'loading' || state().released[conversationId];
    if (!server || answering(conversationId) || notHeld || !(await available())) return;
    const conversation = await server.get(conversationId).catch(() => null);
    // Not on the server (yet): a chat whose first question has not been saved there, or a server without it.
    if (!conversation || answering(conversationId)) return;
    const seen = state().conversations[conversationId]?.server;
    // A turn the server is still writing is taken whatever else changed: it is followed from here. So is the
    // server's end of an answer this browser holds only in part.
    if (
      conversation.history.some((item) => item.inProgress === true) ||
      endsAnswerHeldInPart(conversation) ||
      // Finished elsewhere (an admin, a job) without any other change.
      Boolean(conversation.finished_at) !== (state().conversations[conversationId]?.finishedAt !== undefined) ||
      changedElsewhere(seen, {
        updateDate: conversation.update_date ?? conversation.date ?? '',
        items: conversation.history.length,
      })
    )
      apply(conversation);
  }

  return {
    async load(conversationId) {
      const support = server ? await server.support() : 'unavailable';
      if (!server || support === 'unavailable') return { found: false, missing: true };
      if (support === 'unknown')
        return { found: false, problem: 'the server could not be asked whether it keeps conversations' };
      try {
        apply(await server.get(conversationId));
        return { found: true };
      } catch (error) {
        // Only the server saying it has no such conversation makes it missing; any other failure is said as such.
        if (isApiError(error) && error.status === 404) return { found: false, missing: true };
        return { found: false, problem: failureMessage(error) };
      }
    },
    refresh,
    async pendingCall(conversationId, turnId) {
      if (!server || !(await available())) return 'unchecked';
      server.changed(conversationId);
      const conversation = await server.get(conversationId, turnId).catch(() => null);
      return conversation ? (conversation.pending_tool_call ?? null) : 'unreadable';
    },
    async reload(conversationId, turnId) {
      if (!server || !(await available())) return 'unavailable';
      server.changed(conversationId);
      const conversation = await server.get(conversationId, turnId).catch(() => null);
      if (!conversation) return 'unavailable';
      const running = conversation.history.some((item) => item.inProgress === true);
      // While it runs, the turns are not replaced under the turn being followed: only what it ends as is taken.
      if (!running) apply(conversation);
      return running ? 'running' : 'settled';
    },
    async nameAfterFirstTurn(conversationId) {
      if (!server || !(await available())) return;
      await watchForServerName({
        conversationId,
        server,
        store,
        closed,
        saveSummary,
        watch: (spec) => watchConversation(conversationId, 'name', spec),
      });
    },
    refreshOnReturn(conversationId) {
      // No pace of its own: TanStack's hidden-tab rule reads it when the tab shows again, and only then.
      const watch = watchConversation<true, never>(conversationId, 'return', {
        read: () => refresh(conversationId).then(() => true as const),
        pace: () => Infinity,
        judge: () => null,
        onAnswer: () => undefined,
      });
      return () => {
        if (!watch) return;
        watch.stop();
        watches.delete(watch);
      };
    },
    watch: (conversationId, purpose, spec) => watchConversation(conversationId, purpose, spec),
    stopWatching() {
      for (const watch of watches) watch.stop();
      watches.clear();
    },
    async rename(conversationId, title) {
      if (!server || !title || !(await available())) return;
      await server.rename(conversationId, title).then(() => server.changed(conversationId), told('take the new name'));
    },
    async pin(conversationId, pinned) {
      if (!server || !(await available())) return;
      await server
        .pin(conversationId, pinned)
        .then(() => server.changed(conversationId), told(pinned ? 'pin the conversation' : 'unpin the conversation'));
    },
    async toolPolicy(conversationId, policy) {
      // A chat the server does not have yet gets the policy with each question; its first one creates it there.
      if (!server || !state().conversations[conversationId] || !(await available())) return;
      await server
        .setToolPolicy(conversationId, policy)
        .then(() => server.changed(conversationId), told('save the tool-call policy'));
    },
    async finish(conversationId) {
      if (!server) return 'unsupported';
      const refused = (error: unknown) => (isRouteMissing(error) ? 'unsupported' : told('finish the chat')(error));
      const at = await server.finish(conversationId).then((time) => serverTimeMs(time) ?? now(), refused);
      server.changed(conversationId);
      return typeof at === 'number' ? { finishedAt: at } : (at ?? 'failed');
    },
    async remove(conversationId) {
      if (!server || !(await available())) return null;
      // Read first: an undo writes it back. A conversation the server never had (a failed first question) has nothing to delete.
      const before = await server.get(conversationId).catch(() => null);
      if (!before) return null;
      try {
        await server.remove(conversationId);
      } catch (error) {
        told('delete the conversation')(error);
        return null;
      } finally {
        server.changed(conversationId);
      }
      return async () => {
        await server.restore(before).catch(told('restore the conversation'));
        server.changed(conversationId);
      };
    },
    turnEnded(conversationId) {
      server?.changed(conversationId);
    },
  };
}
