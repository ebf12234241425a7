import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isApiError } from '@/domain/errors/api-error';
import { AuthProvider, createAuth } from '@/features/auth';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { ErrorBoundary } from '@/ui/errors/error-boundary';
import { Shell } from './shell/shell';

// Errors the server meant (4xx) are not retried; a flaky network or a 5xx gets one more try.
const retry = (failures: number, error: unknown) =>
  failures < 1 && !(isApiError(error) && error.status !== undefined && error.status < 500);

// Built once per page load, outside React's render: StrictMode renders twice in development, and two
// sign-in managers would renew the same refresh token twice (the provider then revokes the grant).
let services: { config: RuntimeConfig; auth: ReturnType<typeof createAuth>; queryClient: QueryClient } | null = null;

function servicesFor(config: RuntimeConfig) {
  if (services?.config !== config) {
    const auth = createAuth(config);
    services = {
      config,
      auth,
      queryClient: new QueryClient({ defaultOptions: { queries: { retry, refetchOnWindowFocus: false } } }),
    };
  }
  return services;
}

export function ConfiguredApp({ config }: { config: RuntimeConfig }) {
  const { auth, queryClient } = servicesFor(config);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider auth={auth}>
        <ErrorBoundary what="the console">
          <Shell config={config} />
        </ErrorBoundary>
      </AuthProvider>
    </QueryClientProvider>
  );
}
