import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { mayRestoreSession, SignInPage, useSessionStore } from '@/features/auth';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { ErrorBoundary } from '@/ui/error-boundary';

// The signed-in console is its own chunk: the sign-in page never downloads it, and a tab with a session to
// restore fetches it at once, beside the runtime config, rather than after the session is back.
const loadSignedInApp = () => import('./signed-in-app');
if (mayRestoreSession()) void loadSignedInApp().catch(() => undefined);
const SignedInApp = lazy(() =>
  loadSignedInApp().catch((error: unknown) => ({
    // A failed chunk (network down, or a new deploy replaced it) stays failed until the page loads again.
    default: () => (
      <div role="alert" className="alert alert-error boot">
        Could not load the console's screens ({error instanceof Error ? error.message : String(error)}). Check the connection, then{' '}
        <button type="button" className="button button-small" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    ),
  })),
);

export function Shell({ config }: { config: RuntimeConfig }) {
  const session = useSessionStore((state) => state.session);
  const queryClient = useQueryClient();

  // Another identity may sign in next: nothing cached for the previous one may show.
  useEffect(() => {
    if (session.status === 'signed-out') queryClient.clear();
  }, [session.status, queryClient]);

  if (session.status === 'starting') return <p className="boot muted">Signing in…</p>;
  if (session.status === 'signed-out') return <SignInPage />;
  return (
    <ErrorBoundary what="the console's screens">
      <Suspense fallback={<p className="boot muted">Loading the console…</p>}>
        <SignedInApp config={config} user={session.user} />
      </Suspense>
    </ErrorBoundary>
  );
}
