import type { StoreApi } from 'zustand/vanilla';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import type { ApiClient } from '@/api/client/http-client';
import { createServerSync, type RunningFollow, type ServerSync } from '@/features/chat/conversations/server-sync';
import type { ConversationRepository } from '@/features/chat/conversations/conversation-repository';
import { isQuotaError } from '@/lib/storage/storage-health';
import { describeFailure } from '@/domain/errors/describe-failure';
import type { ChatRuntimeDeps } from './chat-runtime-contract';
import type { ChatState } from './chat-store';
import type { Turn } from './turn';
import { createDraftSaver } from './drafts/draft-saver';
import { createServerCapabilities, type ServerCapabilities } from './server-capabilities';
import { conversationWaiting } from '@/domain/waiting/conversation-waiting';

// What every part of the chat runtime shares: its dependencies with their defaults filled in, the answers in flight,
// and saving to this browser (a failed write is reported once, a full storage not at all) and to the server.

export interface ChatRuntimeShared {
  store: StoreApi<ChatState>;
  repository: ConversationRepository;
  client: () => ApiClient;
  now: () => number;
  newId: () => string;
  /** This tab's name, kept across its reloads (the queue's sender). */
  tabId: string;
  schedule: (run: () => void) => unknown;
  checkpointMs: number;
  state: () => ChatState;
  /** The answers in flight, by turn id: Stop aborts one, sign-out all. */
  controllers: Map<string, AbortController>;
  drafts: ReturnType<typeof createDraftSaver>;
  /** A write to this browser's database whose failure is reported (a full storage has its own banner). */
  persist(work: Promise<unknown>): Promise<unknown>;
  /** Answers running and writes under way, so stopping can wait for them to settle. */
  running: Set<Promise<unknown>>;
  /**
   * Work left running that stopping waits for. It never rejects: an answer's failure is shown on its turn and a
   * server call's as a problem where it is made, so what still escapes is reported as a problem here, not lost.
   */
  tracked(work: Promise<unknown>): Promise<void>;
  /** The conversation's list entry changes here and is saved. */
  saveSummary(summary: ConversationSummary): void;
  sync: ServerSync;
  /** What this connection's server can do, learnt from what it sends and answers (server-capabilities.ts). */
  server: ServerCapabilities;
  /** Set when the chat stops (sign-out, Clear local data): late reads write nothing. */
  closed: { now: boolean };
  /** Turns whose server generation was already asked to stop (Send now): their end does not ask again. */
  stoppedOnServer: Set<string>;
  /** Turns re-attached to because their stream went silent: silent (or cut) again, they end here, not watched. */
  silentOnce: Set<string>;
  /**
   * A turn the server is still generating was found (opening a conversation, another tab): it is followed, by
   * re-attaching, or for a workflow's conversation by reading it as its execution goes on.
   */
  runningOnServer(conversationId: string, turnId: string, how: RunningFollow): void;
  /** Who follows those turns (the runtime, once built). */
  followRunning(handler: (conversationId: string, turnId: string, how: RunningFollow) => void): void;
  /** An answer this tab followed paused on a tool call (the person's standing allowances may answer it). */
  pauseSeen(conversationId: string, turn: Turn): void;
  /** Who hears of those pauses (the approval verbs, once built). */
  onPause(handler: (conversationId: string, turn: Turn) => void): void;
}

export function createChatRuntimeShared(deps: ChatRuntimeDeps): ChatRuntimeShared {
  const { store, repository, client } = deps;
  const now = deps.now ?? Date.now;
  const state = () => store.getState();
  // A full storage has its own banner with ways out (free space, export): it is not said twice.
  const drafts = createDraftSaver(repository, (error) =>
    isQuotaError(error)
      ? undefined
      : state().problemReported(`The draft could not be saved in this browser (${describeFailure(error)}).`),
  );
  const running = new Set<Promise<unknown>>();
  const tracked = (work: Promise<unknown>): Promise<void> => {
    const settled = work.then(
      () => undefined,
      (error: unknown) => state().problemReported(`Something went wrong in this chat (${describeFailure(error)}).`),
    );
    running.add(settled);
    void settled.finally(() => running.delete(settled)); // `settled` never rejects
    return settled;
  };
  const persist = (work: Promise<unknown>) =>
    tracked(
      work.catch((error: unknown) =>
        isQuotaError(error)
          ? undefined
          : state().problemReported(
              `Conversations could not be saved in this browser (${describeFailure(error)}). They last until this tab closes.`,
            ),
      ),
    );
  const server = createServerCapabilities();
  const closed = { now: false };
  let follower: ((conversationId: string, turnId: string, how: RunningFollow) => void) | null = null;
  const runningOnServer = (conversationId: string, turnId: string, how: RunningFollow) =>
    follower?.(conversationId, turnId, how);
  let pauseHandler: ((conversationId: string, turn: Turn) => void) | null = null;
  const saveSummary = (given: ConversationSummary) => {
    // What waits in it is read from its turns, where this tab has them.
    const turns = state().turns[given.id];
    const summary = turns ? { ...given, waiting: conversationWaiting(turns) } : given;
    state().conversationSaved(summary);
    persist(repository.saveSummary(summary));
    deps.onSummarySaved?.(summary);
  };
  return {
    store,
    repository,
    client,
    now,
    newId: deps.newId ?? (() => crypto.randomUUID()),
    tabId: deps.tabId ?? crypto.randomUUID(),
    schedule: deps.schedule ?? ((run: () => void) => requestAnimationFrame(run)),
    checkpointMs: deps.checkpointMs ?? 3000,
    state,
    controllers: new Map<string, AbortController>(),
    drafts,
    persist,
    running,
    tracked,
    saveSummary,
    sync: createServerSync({
      store,
      repository,
      server: deps.server,
      now,
      saveSummary,
      persist,
      generation: server,
      runningOnServer,
      closed: () => closed.now,
    }),
    closed,
    server,
    stoppedOnServer: new Set<string>(),
    silentOnce: new Set<string>(),
    runningOnServer,
    followRunning: (handler) => void (follower = handler),
    pauseSeen: (conversationId, turn) => pauseHandler?.(conversationId, turn),
    onPause: (handler) => void (pauseHandler = handler),
  };
}
