import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createConsoleServices, type ConsoleServices } from '@/app/console-services';
import { ConsoleServicesProvider } from '@/app/console-services-provider';
import { createLocalDataStore } from '@/features/settings';
import { ConsoleDatabase } from '@/lib/storage/db';
import { parseRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config-schema';

export type { ConsoleServices };

export const testConfig: RuntimeConfig = (() => {
  const parsed = parseRuntimeConfig({ apiBaseUrl: 'http://api.test/code-assistant-api', auth: {} });
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.config;
})();

export interface ServicesOptions {
  /** The fake server the client talks to; without one every call fails as a network error would. */
  fetch?: typeof fetch;
  owner?: string;
  /** The signed-in person's email ({{user.email}} in header templates). */
  email?: string;
  config?: RuntimeConfig;
  /** What "Sign out and remove my data" calls once the data is gone. */
  signOut?: () => Promise<void>;
  /** Started (loading, follow-up) before the first render, as the signed-in app does; false leaves them idle. */
  start?: boolean;
}

/** The console services a signed-in person gets, on a fake network and a database of the test's own. */
export function servicesForTest(options: ServicesOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services = createConsoleServices({
    config: options.config ?? testConfig,
    tokens: { getAccessToken: async () => 'test-token', renewAccessToken: async () => null },
    owner: options.owner ?? 'tester',
    email: options.email,
    db: new ConsoleDatabase(`console-test-${crypto.randomUUID()}`),
    queryClient,
    window,
    localData: createLocalDataStore(),
    signOut: options.signOut ?? (async () => undefined),
    // The tabs of one test share this sign-in.
    channelSecret: async () => 'test-refresh-token',
    fetchImpl:
      options.fetch ??
      (async (input) => {
        throw new TypeError(`no fake server for ${String(input)}`);
      }),
  });
  if (options.start !== false) services.start();
  return { services, queryClient };
}

export interface RenderServicesOptions extends ServicesOptions, Pick<RenderOptions, 'container'> {
  /** Services the test built first (to arrange their stores before the render); fresh ones otherwise. */
  with?: ReturnType<typeof servicesForTest>;
}

/** Renders screens as the signed-in app does: under console services and a query cache of their own. */
export function renderWithServices(
  ui: ReactNode,
  { with: built, container, ...options }: RenderServicesOptions = {},
): RenderResult & { services: ConsoleServices; queryClient: QueryClient } {
  const { services, queryClient } = built ?? servicesForTest(options);
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <ConsoleServicesProvider services={services}>{children}</ConsoleServicesProvider>
    </QueryClientProvider>
  );
  const result = render(wrap(ui), container ? { container } : {});
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)), services, queryClient };
}
