import type { QueryClient } from '@tanstack/react-query';
import type { StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '@/api/client/http-client';
import type { ConsoleDatabase } from '@/lib/storage/db';
import type { PersonWebStorage } from '@/lib/storage/person-storage';
import { isQuotaError } from '@/lib/storage/storage-health';
import { webStorage, type GuardedStorage, type KeyValueStorage } from '@/lib/storage/web-storage';
import { fixedKey, webStorageEntries } from '@/lib/storage/storage-registry';
import { createAttachmentsRuntime, type AttachmentsRuntime } from './attachments/attachments-runtime';
import {
  conversationRepository,
  readSummary,
  type ConversationRepository,
} from './conversations/conversation-repository';
import { serverConversations } from './conversations/server-conversations';
import { createComposerFocusStore, type ComposerFocus } from './chat-shortcuts';
import { createChatRuntime } from './runtime/create-chat-runtime';
import type { ChatRuntime } from './runtime/chat-runtime-contract';
import { createChatStore, type ChatState } from './runtime/chat-store';
import { recoverStashedTurns, stashLiveTurns } from './runtime/opening/live-turn-rescue';
import { createSelectionStore, type SelectionState } from './toolbar/selection-store';
import { createToolSwitchesStore, type ToolSwitchesState } from './tools/tool-switches-store';
import { createEditorFocusStore, type EditorFocus } from './transcript/editor-focus';
import { failureMessage } from '@/domain/errors/describe-failure';
import { laterQueue } from '@/domain/conversations/follow-ups';
import { laterAllowances } from '@/domain/approval/standing-allowances';

/** One person's chat: their conversations, the answers in flight and the files being attached. */
export interface ChatServices {
  /** The person's HTTP client, as the app handed it to the chat. */
  readonly client: ApiClient;
  readonly runtime: ChatRuntime;
  readonly store: StoreApi<ChatState>;
  readonly repository: ConversationRepository;
  readonly attachments: AttachmentsRuntime;
  /** The assistant, model and stream mode picked (kept in localStorage under the person's key: not secrets). */
  readonly selection: StoreApi<SelectionState>;
  /** Web search and code interpreter, per conversation. */
  readonly toolSwitches: StoreApi<ToolSwitchesState>;
  /** Requests for the keyboard that wait until the editor or composer asked for is mounted. */
  readonly editorFocus: StoreApi<EditorFocus>;
  readonly composerFocus: StoreApi<ComposerFocus>;
  start(): void;
  /** Stops every answer and upload; resolves once the stopped answers are saved. */
  stop(): Promise<void>;
}

export interface ChatServicesDeps {
  owner: string;
  db: ConsoleDatabase;
  client: ApiClient;
  queryClient: QueryClient;
  /** Where page-close rescues go (guarded localStorage in the browser): written at once, never debounced. */
  storage: KeyValueStorage;
  /** The person's web storage: their picks and tool switches. */
  web: PersonWebStorage;
  page: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/** This tab's name: kept in its sessionStorage, so a reload keeps it and a new tab gets its own. */
function thisTab(session: GuardedStorage): string {
  const key = fixedKey('tabId');
  const known = session.get(key);
  if (known) return known;
  const made = crypto.randomUUID();
  session.set(key, made, { what: webStorageEntries.tabId.what });
  return made;
}

export function createChatServices({ owner, db, client, queryClient, storage, web, page, document }: ChatServicesDeps) {
  const store = createChatStore();
  const repository = conversationRepository(owner, db);
  const getClient = () => client;
  // The person's other tabs hear of list entries changed here (what waits for them, names, recency), and this one
  // of theirs; the channel is the person's, so nothing crosses to someone else signed in on the same browser.
  const tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`assistant-console:chat:${owner}`) : null;
  let stopped = false;
  const heard = (event: MessageEvent<unknown>) => {
    const summary = readSummary(event.data);
    if (!summary) return;
    // Of the queue, the later copy stands: a tab that had not heard of a change yet sends its older one back.
    const known = store.getState().conversations[summary.id];
    const queue = laterQueue(known?.followUps, summary.followUps);
    // So of the standing allowances: an older copy must not bring back one the person took back here.
    const { followUps: _sent, allowedTools: _tools, allowancesRev: _rev, ...rest } = summary;
    const allowances = laterAllowances(known, summary);
    const merged = queue ? { ...rest, ...allowances, followUps: queue } : { ...rest, ...allowances };
    store.getState().conversationSaved(merged);
    // The other tab saved its older copy to this person's database too: the newer one kept here is written back, and
    // told to the other tabs, so a reload does not bring back what was changed here (a revoked allowance, a sent question).
    const keptHere =
      (known?.allowancesRev ?? 0) > (summary.allowancesRev ?? 0) ||
      (queue !== undefined && queue !== summary.followUps);
    if (keptHere && !stopped) {
      void repository.saveSummary(merged).catch(() => undefined);
      tabs?.postMessage(merged);
    }
  };
  const runtime = createChatRuntime({
    store,
    repository,
    client: getClient,
    server: serverConversations(queryClient, getClient),
    // Answers ending after this tab's services stopped still save; the other tabs no longer hear of them.
    onSummarySaved: (summary) => void (stopped ? undefined : tabs?.postMessage(summary)),
    tabId: thisTab(webStorage().session),
  });
  // A full storage has its own banner with ways out: it is not said twice.
  const report = (error: unknown) =>
    isQuotaError(error)
      ? undefined
      : store
          .getState()
          .problemReported(
            `The attached files could not be kept with the draft in this browser (${failureMessage(error)}).`,
          );
  const attachments = createAttachmentsRuntime({ repository, client: getClient, report });
  const rescueFailed = (error: unknown) =>
    isQuotaError(error)
      ? undefined
      : store
          .getState()
          .problemReported(
            `Answers kept when the page last closed could not be saved in this browser (${failureMessage(error)}).`,
          );

  // A page being closed or hidden may not come back: what has arrived is saved now, not at the next checkpoint.
  const save = () => {
    stashLiveTurns(storage, owner, Object.values(store.getState().live));
    runtime.saveLive();
  };
  const hidden = () => document.visibilityState === 'hidden' && runtime.saveLive();

  const services: ChatServices = {
    client,
    runtime,
    store,
    repository,
    attachments,
    selection: createSelectionStore(web),
    toolSwitches: createToolSwitchesStore(web),
    editorFocus: createEditorFocusStore(),
    composerFocus: createComposerFocusStore(),
    start() {
      // Answers rescued when the page last closed go back in before the list is read; one that cannot is said.
      void recoverStashedTurns(storage, owner, repository)
        .catch(rescueFailed)
        .finally(() => runtime.load());
      page.addEventListener('pagehide', save);
      document.addEventListener('visibilitychange', hidden);
      tabs?.addEventListener('message', heard);
    },
    async stop() {
      page.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', hidden);
      tabs?.removeEventListener('message', heard);
      attachments.stop();
      // The answers still streaming stop: the server stops working on them too.
      await runtime.cancelAll();
      stopped = true;
      tabs?.close();
    },
  };
  return services;
}
