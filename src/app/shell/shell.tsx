import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { IdentityCheckPage, mayRestoreSession, SignInPage, useSessionStore, type SessionUser } from '@/features/auth';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { ErrorBoundary } from '@/ui/errors/error-boundary';
import { moduleLoader } from '@/ui/module-loader';
import { screenAt } from '@/app/screens/screens';
import { failureMessage } from '@/domain/errors/describe-failure';

// The signed-in console is its own chunk: the sign-in page never downloads it, and a tab with a session to
// restore fetches it at once, beside the runtime config, rather than after the session is back.
const signedInApp = moduleLoader(() => import('@/app/signed-in-app'));
// So is the screen the address opens, and the markdown renderer when that screen shows markdown at once (a restored
// conversation's turns): beside the console, not after it.
if (mayRestoreSession()) {
  void signedInApp.preload();
  const first = screenAt(window.location.pathname);
  void first?.screen.preload().catch(() => undefined);
  if (first?.markdown) void import('@/ui/markdown/markdown-render');
}

function SignedInScreens({ config, user }: { config: RuntimeConfig; user: SessionUser }) {
  const loaded = signedInApp.useModule();
  if (loaded.status === 'loading') return <p className="boot muted">Loading the console…</p>;
  if (loaded.status === 'failed') {
    // A failed chunk (network down, or a new deploy replaced it) stays failed until the page loads again.
    const { error } = loaded;
    return (
      <div role="alert" className="alert alert-error boot">
        Could not load the console's screens ({failureMessage(error)}). Check the connection, then{' '}
        <button type="button" className="button button-small" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
  const SignedInApp = loaded.module.default;
  return <SignedInApp config={config} user={user} />;
}

export function Shell({ config }: { config: RuntimeConfig }) {
  const session = useSessionStore((state) => state.session);
  const queryClient = useQueryClient();

  // Another identity may sign in next: nothing cached for the previous one may show.
  useEffect(() => {
    if (session.status === 'signed-out' || session.status === 'checking') queryClient.clear();
  }, [session.status, queryClient]);

  if (session.status === 'starting') return <p className="boot muted">Signing in…</p>;
  if (session.status === 'signed-out') return <SignInPage />;
  if (session.status === 'checking') return <IdentityCheckPage />;
  return (
    <ErrorBoundary what="the console's screens">
      <SignedInScreens config={config} user={session.user} />
    </ErrorBoundary>
  );
}
