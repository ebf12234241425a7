// Everything a signed-in person uses: the screens, their runtimes and the local database. A chunk of its own,
// loaded once someone is signed in, so the sign-in page and the first paint download only what they need.
// First, so the rail's defaults come before the rows inside it (conversations, recent runs) that refine them.
import './shell/rail.css';
import { useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAuth, type SessionUser } from '@/features/auth';
import { readFirstScreen } from '@/features/chat';
import { createLocalDataStore, useClearingLocalData, type LocalDataState } from '@/features/settings';
import type { StoreApi } from 'zustand/vanilla';
import { ConsoleServicesProvider } from './console-services-provider';
import { consoleDatabase } from '@/lib/storage/db';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { createConsoleServices } from './console-services';
import { createAppRouter } from './router';

// The local database opens while the session and the catalogs are still on their way (opening takes ~70 ms on a
// slow machine), not when the first screen asks it for something.
void consoleDatabase()
  .open()
  .catch(() => undefined);

/** The conversation the address opens (the router's /chat/$conversationId), read before the router is there. */
function conversationInAddress(path: string): string | undefined {
  const id = /^\/chat\/([^/]+)\/?$/.exec(path)?.[1];
  try {
    return id === undefined ? undefined : decodeURIComponent(id);
  } catch {
    return undefined;
  }
}

export default function SignedInApp({ config, user: signedIn }: { config: RuntimeConfig; user: SessionUser }) {
  // While the person's local data is cleared, nothing that reads or writes it stays mounted; it all loads again after.
  const [localData] = useState(createLocalDataStore);
  const clearing = useClearingLocalData(localData);
  const user = clearing ? null : signedIn;
  if (!user)
    return (
      <p className="boot muted" role="status">
        Clearing local data…
      </p>
    );
  // Another person, or the same one after their data was cleared, gets services of their own.
  return <PersonConsole key={user.sub} config={config} user={user} localData={localData} />;
}

interface PersonConsoleProps {
  config: RuntimeConfig;
  user: SessionUser;
  localData: StoreApi<LocalDataState>;
}

/** One person's console: their services, started while it is mounted and stopped (then dropped) when it goes. */
function PersonConsole({ config, user, localData }: PersonConsoleProps) {
  const { tokens, signOut, channelSecret, whileSignedIn } = useAuth();
  const queryClient = useQueryClient();
  const owner = user.sub;
  const [services] = useState(() =>
    createConsoleServices({
      config,
      tokens,
      owner,
      email: user.email,
      db: consoleDatabase(),
      queryClient,
      window,
      localData,
      signOut,
      channelSecret,
    }),
  );
  // The rail's list and the open conversation are read from this browser before the screens paint: they paint once,
  // filled, rather than empty and then pushed about as the reads land (a few tens of ms; never more than a moment).
  const [firstScreen] = useState(() => readFirstScreen(services.chat, conversationInAddress(window.location.pathname)));
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void firstScreen.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [firstScreen]);
  useEffect(() => {
    services.start();
    return () => void services.stop();
  }, [services]);
  // Signed out in another tab: this tab leaves as the one signing out does (their drafts and picks go from here too).
  useEffect(() => whileSignedIn(() => services.leave()), [services, whileSignedIn]);
  const [router] = useState(() => createAppRouter({ config, queryClient, client: services.client }));
  if (!ready) return <p className="boot muted">Loading the console…</p>;
  return (
    <ConsoleServicesProvider services={services}>
      <RouterProvider router={router} />
    </ConsoleServicesProvider>
  );
}
