import { useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SignInPage, useSessionStore } from '@/features/auth';
import { ChatProvider, useSelectionStore } from '@/features/chat';
import { useProfilesSync } from '@/features/headers';
import { useClearingLocalData, usePreferencesSync, type Preferences } from '@/features/settings';
import { setToolOutputsHiddenByDefault } from '@/features/thoughts';
import { useWorkflowsSync, WorkflowsProvider } from '@/features/workflows';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { createAppRouter } from './router';

export function Shell({ config }: { config: RuntimeConfig }) {
  const session = useSessionStore((state) => state.session);
  const queryClient = useQueryClient();
  // While the person's local data is cleared, nothing that reads or writes it stays mounted; it all loads again after.
  const clearing = useClearingLocalData();
  const user = session.status === 'signed-in' && !clearing ? session.user : null;
  useProfilesSync(user);
  useWorkflowsSync(user?.sub ?? null);
  usePreferencesSync(user?.sub ?? null, applyPreferences);

  // Another identity may sign in next: nothing cached for the previous one may show.
  useEffect(() => {
    if (session.status === 'signed-out') queryClient.clear();
  }, [session.status, queryClient]);

  if (session.status === 'starting') return <p className="boot muted">Signing in…</p>;
  if (session.status === 'signed-out') return <SignInPage />;
  if (clearing) return <p className="boot muted" role="status">Clearing local data…</p>;
  return <SignedInRoutes config={config} owner={session.user.sub} />;
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
