import { useEffect, useState, type CSSProperties } from 'react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useAuth, useSessionStore } from '@/features/auth';
import { ConversationList, useChatServices, useLastChat } from '@/features/chat';
import { useConsoleServices } from './console-services-provider';
import { StorageBanner, ThemeToggle } from '@/features/settings';
import { RecentRuns } from '@/features/workflows';
import { useKeyboardHelp } from './shell/keyboard-help';
import { useNavDrawer } from './shell/nav-drawer';
import { RailResizer, useRailWidth } from './shell/rail-resizer';
import { useWaiting } from './use-waiting';
import { BackgroundNotices } from './shell/background-notices';
import './shell/rail.css';
import './shell/shell.css';
import '@/ui/button.css';

const screens = [
  { to: '/waiting', label: 'Waiting for you' },
  { to: '/chat', label: 'Chat' },
  { to: '/workflows', label: 'Workflows' },
  { to: '/headers', label: 'Headers' },
  { to: '/inspector', label: 'Inspector' },
  { to: '/settings', label: 'Settings' },
] as const;

/** How many things wait, beside the rail's link: read with it ("Waiting for you, 2"). */
function WaitingCount({ count }: { count: number }) {
  return count > 0 ? (
    <>
      <span className="waiting-count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">, {count}</span>
    </>
  ) : null;
}

/** The tab's title says how many things wait ("(2) Assistant Console"), so a tab in the background shows it. */
function useWaitingTitle(count: number) {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = count > 0 ? `(${count}) ${base}` : base;
  }, [count]);
}

/** The left rail and the current screen. */
export function SignedInLayout() {
  const session = useSessionStore((state) => state.session);
  const auth = useAuth();
  const services = useConsoleServices();
  const chat = useChatServices();
  const drawer = useNavDrawer();
  const help = useKeyboardHelp();
  const rail = useRailWidth();
  const waiting = useWaiting();
  const lastChat = useLastChat();
  const onChat = useRouterState({ select: (state) => state.location.pathname.startsWith('/chat') });
  const [signingOut, setSigningOut] = useState(false);
  useWaitingTitle(waiting.length);
  if (session.status !== 'signed-in') return null;
  return (
    <div
      className="shell"
      data-drawer={drawer.open ? 'open' : undefined}
      style={{ '--rail-width': `${rail.width}px` } as CSSProperties}
    >
      <header className="topbar" inert={drawer.open}>
        <button
          ref={drawer.button}
          type="button"
          className="button button-small"
          aria-expanded={drawer.open}
          aria-controls="main-navigation"
          onClick={drawer.show}
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
        <p className="brand">Assistant Console</p>
      </header>
      <nav id="main-navigation" ref={drawer.panel} className="rail" aria-label="Main" onKeyDown={drawer.onKeyDown}>
        <div className="rail-top">
          <p className="brand">Assistant Console</p>
          {drawer.open ? (
            <button type="button" className="button button-small" onClick={drawer.hide}>
              Close menu
            </button>
          ) : null}
        </div>
        <ul>
          {screens.map((screen) => (
            <li key={screen.to}>
              {screen.to === '/chat' && lastChat ? (
                // Back to the chat the person left, not a new one (New chat is beside the list).
                <Link
                  to="/chat/$conversationId"
                  params={{ conversationId: lastChat }}
                  aria-current={onChat ? 'page' : undefined}
                >
                  {screen.label}
                </Link>
              ) : (
                <Link to={screen.to} activeProps={{ 'aria-current': 'page' }}>
                  {screen.label}
                  {screen.to === '/waiting' ? <WaitingCount count={waiting.length} /> : null}
                </Link>
              )}
              {screen.to === '/chat' ? <ConversationList onReveal={drawer.narrow ? drawer.show : undefined} /> : null}
              {screen.to === '/workflows' ? <RecentRuns /> : null}
            </li>
          ))}
        </ul>
        <button type="button" className="link-button small rail-help" onClick={help.show}>
          Keyboard shortcuts <kbd>?</kbd>
        </button>
        <ThemeToggle />
        <div className="rail-user">
          <p className="rail-user-name" title={session.user.username ?? session.user.name}>
            {session.user.name}
          </p>
          <p className="muted small">{session.mode === 'token' ? 'Access token' : 'Signed in'}</p>
          <button
            type="button"
            className="button button-small"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              // The answers in flight stop (the server stops working on them too) and are saved, and the person's
              // drafts, picks and stash leave this browser's web storage, before the tokens go; their local
              // database stays for their return.
              auth.signOut(() => services.leave());
            }}
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
        <RailResizer width={rail.width} onResize={rail.setWidth} />
      </nav>
      {drawer.open ? <div className="drawer-backdrop" onClick={drawer.hide} /> : null}
      <main className="main" inert={drawer.open}>
        <Outlet />
      </main>
      {help.dialog}
      <BackgroundNotices />
      <StorageBanner onFreeSpace={(keepNewest) => chat.repository.freeSpace(keepNewest)} />
    </div>
  );
}
