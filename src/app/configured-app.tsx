import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient } from '@/api/client-registry';
import { createApiClient } from '@/api/http-client';
import { isApiError } from '@/domain/api-error';
import { AuthProvider, createAuth } from '@/features/auth';
import { resolveApiBase, type RuntimeConfig } from '@/lib/runtime-config';
import { Shell } from './shell';

// Errors the server meant (4xx) are not retried; a flaky network or a 5xx gets one more try.
const retry = (failures: number, error: unknown) => failures < 1 && !(isApiError(error) && error.status !== undefined && error.status < 500);

function setUp(config: RuntimeConfig) {
  const auth = createAuth(config);
  configureApiClient(createApiClient({ baseUrl: resolveApiBase(config, window.location.origin), tokens: auth.tokens }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry, refetchOnWindowFocus: false } } });
  return { auth, queryClient };
}

export function ConfiguredApp({ config }: { config: RuntimeConfig }) {
  const [{ auth, queryClient }] = useState(() => setUp(config));
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider auth={auth}>
        <Shell config={config} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
