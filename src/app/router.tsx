import { createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { ChatPage } from '@/features/chat';
import { HeadersPage } from '@/features/headers';
import { InspectorPage, isDetailTab, type DetailTab } from '@/features/inspector';
import { SettingsPage } from '@/features/settings';
import { BatchComparePage, BatchPage, ComparePage, RunPage, RunsPage, WorkflowsPage } from '@/features/workflows';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { NotFoundPage } from './not-found-page';
import { filterFromSearch } from '@/domain/workflows/run-filter';
import { batchCompareSearch } from '@/domain/workflows/batch-comparison-address';
import { SignedInLayout } from './signed-in-layout';
import { WaitingPage } from './waiting-page';

/** The console's screens. Built after sign-in, so the address the sign-in callback restored is the one read. */
export function createAppRouter(config: RuntimeConfig) {
  const root = createRootRoute({ component: SignedInLayout, notFoundComponent: NotFoundPage });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/chat' });
    },
  });
  const chat = createRoute({
    getParentRoute: () => root,
    path: '/chat',
    component: () => <ChatPage fallbacks={config.fallbacks} maxUploadBytes={config.maxUploadBytes} />,
  });
  const conversation = createRoute({
    getParentRoute: () => root,
    path: '/chat/$conversationId',
    component: function ConversationRoute() {
      const { conversationId } = conversation.useParams();
      // Keyed by id: another conversation starts with fresh page state (its own pending new-chat id, scroll).
      return (
        <ChatPage
          key={conversationId}
          fallbacks={config.fallbacks}
          maxUploadBytes={config.maxUploadBytes}
          conversationId={conversationId}
        />
      );
    },
  });
  const workflows = createRoute({
    getParentRoute: () => root,
    path: '/workflows',
    component: () => <WorkflowsPage fallback={config.fallbacks.workflows} />,
  });
  // The runs' filters live in the address: shared as a link, undone by Back, kept by a reload.
  const runs = createRoute({
    getParentRoute: () => root,
    path: '/workflows/runs',
    validateSearch: filterFromSearch,
    component: RunsPage,
  });
  const run = createRoute({
    getParentRoute: () => root,
    path: '/workflows/runs/$runId',
    component: function RunRoute() {
      const { runId } = run.useParams();
      return <RunPage runId={runId} traceUrlTemplate={config.traceUrlTemplate} />;
    },
  });
  const compare = createRoute({
    getParentRoute: () => root,
    path: '/workflows/compare',
    validateSearch: (search: Record<string, unknown>): { a?: string; b?: string } => ({
      ...(typeof search.a === 'string' ? { a: search.a } : {}),
      ...(typeof search.b === 'string' ? { b: search.b } : {}),
    }),
    component: function CompareRoute() {
      const { a, b } = compare.useSearch();
      return <ComparePage a={a} b={b} />;
    },
  });
  // Batches against a baseline: the address names them (baseline, batches, filter), so it can be shared.
  const compareBatches = createRoute({
    getParentRoute: () => root,
    path: '/workflows/compare/batches',
    validateSearch: batchCompareSearch,
    component: BatchComparePage,
  });
  const batch = createRoute({
    getParentRoute: () => root,
    path: '/workflows/batches/$batchId',
    component: function BatchRoute() {
      const { batchId } = batch.useParams();
      return <BatchPage batchId={batchId} />;
    },
  });
  const headers = createRoute({ getParentRoute: () => root, path: '/headers', component: HeadersPage });
  const inspector = createRoute({
    getParentRoute: () => root,
    path: '/inspector',
    validateSearch: (search: Record<string, unknown>): { entry?: string; tab?: DetailTab } => ({
      ...(typeof search.entry === 'string' ? { entry: search.entry } : {}),
      ...(isDetailTab(search.tab) ? { tab: search.tab } : {}),
    }),
    component: InspectorPage,
  });
  const waiting = createRoute({ getParentRoute: () => root, path: '/waiting', component: WaitingPage });
  const settings = createRoute({
    getParentRoute: () => root,
    path: '/settings',
    component: () => <SettingsPage config={config} />,
  });
  return createRouter({
    routeTree: root.addChildren([
      home,
      chat,
      conversation,
      workflows,
      runs,
      run,
      compare,
      compareBatches,
      batch,
      headers,
      inspector,
      waiting,
      settings,
    ]),
    defaultPreload: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
