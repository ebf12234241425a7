import { Link, Outlet } from '@tanstack/react-router';
import { useAuth, useSessionStore } from '@/features/auth';
import { ConversationList, useChatRuntime } from '@/features/chat';

const screens = [
  { to: '/chat', label: 'Chat' },
  { to: '/workflows', label: 'Workflows' },
  { to: '/headers', label: 'Headers' },
  { to: '/inspector', label: 'Inspector' },
] as const;

/** The left rail and the current screen. */
export function SignedInLayout() {
  const session = useSessionStore((state) => state.session);
  const auth = useAuth();
  const chat = useChatRuntime();
  if (session.status !== 'signed-in') return null;
  return (
    <div className="shell">
      <nav className="rail" aria-label="Main">
        <p className="brand">Assistant Console</p>
        <ul>
          {screens.map((screen) => (
            <li key={screen.to}>
              <Link to={screen.to} activeProps={{ 'aria-current': 'page' }}>
                {screen.label}
              </Link>
              {screen.to === '/chat' ? <ConversationList /> : null}
            </li>
          ))}
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
              // The answers in flight stop now: the server stops working on them too.
              chat.cancelAll();
              void auth.signOut();
            }}
          >
            Sign out
          </button>
        </div>
      </nav>
      <main className="main">
        <Outlet />
      </main>
    </div>
  );
}
