import { useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SignInPage, useSessionStore } from '@/features/auth';
import { ChatProvider } from '@/features/chat';
import { useProfilesSync } from '@/features/headers';
import { useWorkflowsSync, WorkflowsProvider } from '@/features/workflows';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { createAppRouter } from './router';

export function Shell({ config }: { config: RuntimeConfig }) {
  const session = useSessionStore((state) => state.session);
  const queryClient = useQueryClient();
  useProfilesSync(session.status === 'signed-in' ? session.user : null);
  useWorkflowsSync(session.status === 'signed-in' ? session.user.sub : null);

  // Another identity may sign in next: nothing cached for the previous one may show.
  useEffect(() => {
    if (session.status === 'signed-out') queryClient.clear();
  }, [session.status, queryClient]);

  if (session.status === 'starting') return <p className="boot muted">Signing in…</p>;
  if (session.status === 'signed-out') return <SignInPage />;
  return <SignedInRoutes config={config} owner={session.user.sub} />;
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
