import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SignInPage, useAuth, useSessionStore } from '@/features/auth';
import { abortAllAnswers, ChatPage, forgetConversation } from '@/features/chat';
import type { RuntimeConfig } from '@/lib/runtime-config';

export function Shell({ config }: { config: RuntimeConfig }) {
  const session = useSessionStore((state) => state.session);
  const auth = useAuth();
  const queryClient = useQueryClient();

  // Another identity may sign in next: nothing cached for the previous one may show.
  useEffect(() => {
    if (session.status === 'signed-out') queryClient.clear();
  }, [session.status, queryClient]);

  if (session.status === 'starting') return <p className="boot muted">Signing in…</p>;
  if (session.status === 'signed-out') return <SignInPage />;
  return (
    <div className="shell">
      <nav className="rail" aria-label="Main">
        <p className="brand">Assistant Console</p>
        <ul>
          <li>
            <a href="/" aria-current="page">
              Chat
            </a>
          </li>
        </ul>
        <div className="rail-user">
          <p className="rail-user-name" title={session.user.username ?? session.user.name}>
            {session.user.name}
          </p>
          <p className="muted small">{session.mode === 'token' ? 'Access token' : 'Signed in'}</p>
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              abortAllAnswers();
              forgetConversation();
              void auth.signOut();
            }}
          >
            Sign out
          </button>
        </div>
      </nav>
      <main className="main">
        <ChatPage fallbacks={config.fallbacks} />
      </main>
    </div>
  );
}
