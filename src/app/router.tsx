import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import type { ApiClient } from '@/api/client/http-client';
import { isDetailTab, type DetailTab } from '@/features/inspector';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { NotFoundPage } from './not-found-page';
import { filterFromSearch } from '@/domain/workflows/history/run-filter';
import { screenData } from './screens/screen-data';
import { ScreenError, ScreenPending } from './screens/screen-states';
import { screens } from './screens/screens';
import { sideBySideSearch } from '@/domain/conversations/side-by-side';
import { batchCompareSearch } from '@/domain/workflows/batches/batch-comparison-address';
import { SignedInLayout } from './signed-in-layout';
import { WaitingPage } from './waiting-page';

/** A route component that renders a screen's chunk: the router fetches it (`preload`) before it renders. */
function onScreen<C extends () => ReactNode>(chunk: { preload: () => Promise<unknown> }, component: C) {
  return Object.assign(component, { preload: () => chunk.preload().then(() => undefined) });
}

interface AppRouterDeps {
  config: RuntimeConfig;
  queryClient: QueryClient;
  client: ApiClient;
}

/** The console's screens. Built after sign-in, so the address the sign-in callback restored is the one read. */
export function createAppRouter({ config, queryClient, client }: AppRouterDeps) {
  const data = screenData(queryClient, client);
  const root = createRootRoute({ component: SignedInLayout, notFoundComponent: NotFoundPage });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/chat' });
    },
  });
  const { Screen: Chat } = screens.chat;
  const chat = createRoute({
    getParentRoute: () => root,
    path: '/chat',
    loader: data.chat,
    component: onScreen(screens.chat, () => <Chat />),
  });
  const conversation = createRoute({
    getParentRoute: () => root,
    path: '/chat/$conversationId',
    loader: data.chat,
    component: onScreen(screens.chat, function ConversationRoute() {
      const { conversationId } = conversation.useParams();
      // Keyed by id: another conversation starts with fresh page state (its own pending new-chat id, scroll).
      return <Chat key={conversationId} conversationId={conversationId} />;
    }),
  });
  // Two conversations side by side: the address names them (or the one to replay), so a reload shows the same.
  const { Screen: SideBySide } = screens.sideBySide;
  const sideBySide = createRoute({
    getParentRoute: () => root,
    path: '/chat/side-by-side',
    loader: data.chat,
    validateSearch: sideBySideSearch,
    component: onScreen(screens.sideBySide, function SideBySideRoute() {
      const search = sideBySide.useSearch();
      return <SideBySide search={search} />;
    }),
  });
  const { Screen: Workflows } = screens.workflows;
  const workflows = createRoute({
    getParentRoute: () => root,
    path: '/workflows',
    loader: data.workflows,
    component: onScreen(screens.workflows, () => <Workflows fallback={config.fallbacks.workflows} />),
  });
  // The runs' filters live in the address: shared as a link, undone by Back, kept by a reload.
  const { Screen: Runs } = screens.runs;
  const runs = createRoute({
    getParentRoute: () => root,
    path: '/workflows/runs',
    loader: data.workflowPages,
    validateSearch: filterFromSearch,
    component: onScreen(screens.runs, () => <Runs />),
  });
  const { Screen: Run } = screens.run;
  const run = createRoute({
    getParentRoute: () => root,
    path: '/workflows/runs/$runId',
    loader: data.workflowPages,
    component: onScreen(screens.run, function RunRoute() {
      const { runId } = run.useParams();
      return <Run runId={runId} traceUrlTemplate={config.traceUrlTemplate} />;
    }),
  });
  const { Screen: Execution } = screens.execution;
  const execution = createRoute({
    getParentRoute: () => root,
    path: '/workflows/executions/$workflowId/$executionId',
    loader: data.workflowPages,
    component: onScreen(screens.execution, function ExecutionRoute() {
      const { workflowId, executionId } = execution.useParams();
      return <Execution workflowId={workflowId} executionId={executionId} />;
    }),
  });
  const { Screen: Compare } = screens.compare;
  const compare = createRoute({
    getParentRoute: () => root,
    path: '/workflows/compare',
    loader: data.workflowPages,
    validateSearch: (search: Record<string, unknown>): { a?: string; b?: string } => ({
      ...(typeof search.a === 'string' ? { a: search.a } : {}),
      ...(typeof search.b === 'string' ? { b: search.b } : {}),
    }),
    component: onScreen(screens.compare, function CompareRoute() {
      const { a, b } = compare.useSearch();
      return <Compare a={a} b={b} />;
    }),
  });
  // Batches against a baseline: the address names them (baseline, batches, filter), so it can be shared.
  const { Screen: BatchCompare } = screens.compareBatches;
  const compareBatches = createRoute({
    getParentRoute: () => root,
    path: '/workflows/compare/batches',
    loader: data.workflowPages,
    validateSearch: batchCompareSearch,
    component: onScreen(screens.compareBatches, () => <BatchCompare />),
  });
  const { Screen: Batch } = screens.batch;
  const batch = createRoute({
    getParentRoute: () => root,
    path: '/workflows/batches/$batchId',
    loader: data.workflowPages,
    component: onScreen(screens.batch, function BatchRoute() {
      const { batchId } = batch.useParams();
      return <Batch batchId={batchId} />;
    }),
  });
  // A workflow's batches and their trend. Not /workflows/$workflowId/batches: a workflow named "compare" would
  // collide with the batch comparison's address.
  const { Screen: WorkflowBatches } = screens.workflowBatches;
  const workflowBatches = createRoute({
    getParentRoute: () => root,
    path: '/workflows/trends/$workflowId',
    loader: data.workflowPages,
    component: onScreen(screens.workflowBatches, function WorkflowBatchesRoute() {
      const { workflowId } = workflowBatches.useParams();
      return <WorkflowBatches key={workflowId} workflowId={workflowId} />;
    }),
  });
  const { Screen: Headers } = screens.headers;
  const headers = createRoute({
    getParentRoute: () => root,
    path: '/headers',
    component: onScreen(screens.headers, () => <Headers />),
  });
  const { Screen: Inspector } = screens.inspector;
  const inspector = createRoute({
    getParentRoute: () => root,
    path: '/inspector',
    validateSearch: (search: Record<string, unknown>): { entry?: string; tab?: DetailTab } => ({
      ...(typeof search.entry === 'string' ? { entry: search.entry } : {}),
      ...(isDetailTab(search.tab) ? { tab: search.tab } : {}),
    }),
    component: onScreen(screens.inspector, () => <Inspector />),
  });
  const waiting = createRoute({ getParentRoute: () => root, path: '/waiting', component: WaitingPage });
  const { Screen: Settings } = screens.settings;
  const settings = createRoute({
    getParentRoute: () => root,
    path: '/settings',
    component: onScreen(screens.settings, () => <Settings config={config} />),
  });
  // A chat someone shared by link: read-only, for any signed-in person (the server decides who may read it).
  const { Screen: Share } = screens.share;
  const share = createRoute({
    getParentRoute: () => root,
    path: '/share/$token',
    component: onScreen(screens.share, function ShareRoute() {
      const { token } = share.useParams();
      return <Share key={token} token={token} />;
    }),
  });
  return createRouter({
    routeTree: root.addChildren([
      home,
      chat,
      sideBySide,
      conversation,
      workflows,
      runs,
      run,
      execution,
      compare,
      compareBatches,
      batch,
      workflowBatches,
      headers,
      inspector,
      waiting,
      settings,
      share,
    ]),
    // Hovering or focusing a link fetches its screen's chunk and starts its data; what was fetched so stays fresh
    // for the router's default 30 s, then the screen's queries decide.
    defaultPreload: 'intent',
    defaultPendingComponent: ScreenPending,
    defaultErrorComponent: ScreenError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
