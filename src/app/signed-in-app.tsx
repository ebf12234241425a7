// Everything a signed-in person uses: the screens, their runtimes and the local database. A chunk of its own,
// loaded once someone is signed in, so the sign-in page and the first paint download only what they need.
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { configureApiClient } from '@/api/client-registry';
import { createApiClient, type TokenSource } from '@/api/http-client';
import { useAuth, type SessionUser } from '@/features/auth';
import { ChatProvider, useSelectionStore } from '@/features/chat';
import { createHeaderProvider, useProfilesSync } from '@/features/headers';
import { requestIdsWanted, useClearingLocalData, usePreferencesSync, type Preferences } from '@/features/settings';
import { setToolOutputsHiddenByDefault } from '@/features/thoughts';
import { useWorkflowsSync, WorkflowsProvider } from '@/features/workflows';
import { consoleDatabase } from '@/lib/db';
import { resolveApiBase, type RuntimeConfig } from '@/lib/runtime-config-schema';
import { createAppRouter } from './router';

// One API client per configuration and sign-in manager, built before any screen asks for it.
let configured: { config: RuntimeConfig; tokens: TokenSource } | null = null;

function configureApi(config: RuntimeConfig, tokens: TokenSource) {
  if (configured?.config === config && configured.tokens === tokens) return;
  configureApiClient(
    createApiClient({
      baseUrl: resolveApiBase(config, window.location.origin),
      tokens,
      headerProvider: createHeaderProvider(),
      streamIdleTimeoutMs: config.streamIdleTimeoutSeconds * 1000,
      sendRequestIds: requestIdsWanted,
    }),
  );
  configured = { config, tokens };
}

// The local database opens while the session and the catalogs are still on their way (opening takes ~70 ms on a
// slow machine), not when the first screen asks it for something.
void consoleDatabase()
  .open()
  .catch(() => undefined);

export default function SignedInApp({ config, user: signedIn }: { config: RuntimeConfig; user: SessionUser }) {
  configureApi(config, useAuth().tokens);
  // While the person's local data is cleared, nothing that reads or writes it stays mounted; it all loads again after.
  const clearing = useClearingLocalData();
  const user = clearing ? null : signedIn;
  useProfilesSync(user);
  useWorkflowsSync(user?.sub ?? null);
  usePreferencesSync(user?.sub ?? null, applyPreferences);
  if (!user)
    return (
      <p className="boot muted" role="status">
        Clearing local data…
      </p>
    );
  return <SignedInRoutes config={config} owner={user.sub} />;
}

// The Settings defaults, handed to the features that use them (features do not import one another).
function applyPreferences({ streamByDefault, hideToolOutputsByDefault }: Partial<Preferences>) {
  if (streamByDefault !== undefined) useSelectionStore.getState().streamModeChanged(streamByDefault);
  if (hideToolOutputsByDefault !== undefined) setToolOutputsHiddenByDefault(hideToolOutputsByDefault);
}

function SignedInRoutes({ config, owner }: { config: RuntimeConfig; owner: string }) {
  const [router] = useState(() => createAppRouter(config));
  return (
    <WorkflowsProvider>
      <ChatProvider owner={owner}>
        <RouterProvider router={router} />
      </ChatProvider>
    </WorkflowsProvider>
  );
}
