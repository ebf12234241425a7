import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClient, type TokenSource } from '@/api/client/http-client';
import { createWorkerStreams } from '@/api/stream-worker/worker-streams';
import { createChatServices, type ChatServices } from '@/features/chat';
import { createHeaderProvider, createHeadersServices, type HeadersServices } from '@/features/headers';
import {
  createSettingsServices,
  type LocalDataState,
  type Preferences,
  type SettingsServices,
} from '@/features/settings';
import { createThoughtsServices, type ThoughtsServices } from '@/features/thoughts';
import { browserClock, createWorkflowsServices, type WorkflowsServices } from '@/features/workflows';
import type { StoreApi } from 'zustand/vanilla';
import type { ConsoleDatabase } from '@/lib/storage/db';
import { createPersonWebStorage, dropUnownedLeftovers, type PersonWebStorage } from '@/lib/storage/person-storage';
import { asKeyValueStorage, webStorage } from '@/lib/storage/web-storage';
import { resolveApiBase, type RuntimeConfig } from '@/lib/runtime-config-schema';
import { listedConversationIds } from '@/api/conversations/conversation-queries';

/**
 * Everything one signed-in person's console is made of: the API client and its request log, each feature's runtimes
 * and stores, and the person's storage. Built here when someone signs in and dropped when they leave, so nothing of
 * theirs outlives them and nothing is reset by hand. Screens do not read this object: each feature reads its own part
 * through its own hooks, which `ConsoleServicesProvider` fills.
 */
export interface ConsoleServices {
  /** The signed-in subject: every stored record carries it. */
  readonly owner: string;
  readonly config: RuntimeConfig;
  readonly db: ConsoleDatabase;
  /** The person's web storage (keys carrying their owner, writes debounced and guarded). */
  readonly web: PersonWebStorage;
  /** The person's HTTP client; its `log` is the Inspector's request log. Handed to each feature that calls the API. */
  readonly client: ApiClient;
  readonly settings: SettingsServices;
  readonly headers: HeadersServices;
  readonly thoughts: ThoughtsServices;
  readonly chat: ChatServices;
  readonly workflows: WorkflowsServices;
  /** Starts what runs in the background (loading, follow-up, page-hide saves). Again after `stop()` is fine. */
  start(): void;
  /** Stops every runtime and resolves once what they were doing has settled and been saved. */
  stop(): Promise<void>;
  /**
   * Sign out's part in this browser: stops every runtime (answers in flight are saved first) and removes what the
   * person keeps in web storage (drafts, picks, the page-close stash). Their local database stays for their return.
   */
  leave(): Promise<void>;
}

export interface ConsoleServicesDeps {
  config: RuntimeConfig;
  tokens: TokenSource;
  /** The signed-in subject. */
  owner: string;
  /** The signed-in person's email, when the session has one (for {{user.email}} in header templates). */
  email?: string | undefined;
  db: ConsoleDatabase;
  queryClient: QueryClient;
  /** The page the console runs in (its origin, storage and events); a test passes jsdom's. */
  window: Window;
  /** "Clear local data", kept by the signed-in app across the services it replaces. */
  localData: StoreApi<LocalDataState>;
  /** Ends the session (the auth feature's sign-out): "Sign out and remove my data" calls it once the data is gone. */
  signOut(): Promise<void>;
  /** The sign-in's secret that its tabs prove their messages with (the auth feature's `channelSecret`). */
  channelSecret(): Promise<string | null>;
  /** How the client reaches the network (the browser's fetch unless given: a test gives its fake server). */
  fetchImpl?: typeof fetch;
}

/**
 * The composition root: one person's client, request log, repositories, runtimes and stores, built together when
 * they sign in. Nothing here runs until `start()`; signing out stops it and drops the object.
 */
export function createConsoleServices(deps: ConsoleServicesDeps): ConsoleServices {
  const {
    config,
    tokens,
    owner,
    email,
    db,
    queryClient,
    window,
    fetchImpl = (input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init),
  } = deps;
  const web = createPersonWebStorage({ owner, page: window });
  const headers = createHeadersServices({
    owner,
    user: { sub: owner, ...(email ? { email } : {}) },
    db,
    // Values just marked secret (or deleted with their profile) leave this tab's request log too.
    onSecretsRetired: (values) => client.log.scrub(values),
  });
  const thoughts = createThoughtsServices();
  // The Settings defaults reach the features that follow them here (features do not import one another).
  const apply = ({ streamByDefault, hideToolOutputsByDefault }: Partial<Preferences>) => {
    if (streamByDefault !== undefined) chat.selection.getState().streamModeChanged(streamByDefault);
    if (hideToolOutputsByDefault !== undefined)
      thoughts.view.getState().toolOutputsDefaultChanged(hideToolOutputsByDefault);
  };
  // Streamed calls are read by the stream worker's code: in a Worker where one runs, else on the page from the same
  // network as the client's other calls.
  const streams = createWorkerStreams({ fetchImpl });
  const headerProvider = createHeaderProvider(headers.profiles);
  const client = createApiClient({
    baseUrl: resolveApiBase(config, window.location.origin),
    tokens,
    fetchImpl,
    headerProvider,
    streamIdleTimeoutMs: config.streamIdleTimeoutSeconds * 1000,
    // Read on every call, so turning request ids off applies at once.
    sendRequestIds: () => settings.preferences.getState().sendRequestIds,
    sendTraceContext: () => settings.preferences.getState().sendTraceContext,
    streams,
  });
  const settings = createSettingsServices({
    owner,
    db,
    client,
    localData: deps.localData,
    apply,
    stopAll: () => services.stop(),
    forgetWeb: () => web.forget(),
    keptByServer: (conversationId) => listedConversationIds(queryClient, client.baseUrl).has(conversationId),
    signOut: deps.signOut,
    channelSecret: deps.channelSecret,
  });
  const chat = createChatServices({
    owner,
    db,
    client,
    queryClient,
    storage: asKeyValueStorage(webStorage().local, 'answers being saved when the page closed'),
    web,
    page: window,
    document: window.document,
  });
  const workflows = createWorkflowsServices({
    owner,
    db,
    web,
    client,
    queryClient,
    clock: browserClock,
    followWhileHidden: () => settings.preferences.getState().notifyWhenHidden,
    secretValues: () => headerProvider.secretValues?.() ?? [],
    newId: () => crypto.randomUUID(),
  });
  const parts = [settings, headers, thoughts, chat, workflows];
  let stopping: Promise<void> | null = null;
  const services: ConsoleServices = {
    owner,
    config,
    db,
    web,
    client,
    headers,
    thoughts,
    chat,
    workflows,
    settings,
    start() {
      stopping = null;
      dropUnownedLeftovers();
      for (const part of parts) part.start();
    },
    stop() {
      // The stream worker goes once the answers it read have stopped; the next call starts another.
      stopping ??= Promise.all(parts.map((part) => part.stop())).then(() => streams?.close?.());
      return stopping;
    },
    leave() {
      // Stopping takes the page-close handlers off at once; then nothing more is written to web storage.
      const stopped = services.stop();
      web.forget();
      return stopped;
    },
  };
  return services;
}
