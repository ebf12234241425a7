import { createContext, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { ConsoleDatabase } from './storage/db';
import type { PersonWebStorage } from './storage/person-storage';
import type { RuntimeConfig } from './runtime-config-schema';

/**
 * Everything one signed-in person's console is made of: the API client and its request log, the repositories, the
 * runtimes and the per-person stores. `app/console-services.ts` builds it when someone signs in and drops it when
 * they leave, so nothing of theirs outlives them and nothing is reset by hand.
 *
 * lib/ declares only the app-agnostic part. Each layer that owns a piece adds it to this interface where it lives
 * (`declare module '@/lib/services-context' { interface ConsoleServices { chat: ChatServices } }`), so the one
 * context is typed end to end while lib/ imports nothing above it, and the app cannot build the object without
 * every piece.
 */
export interface ConsoleServices {
  /** The signed-in subject: every stored record carries it. */
  readonly owner: string;
  readonly config: RuntimeConfig;
  readonly db: ConsoleDatabase;
  /** The person's web storage (keys carrying their owner, writes debounced and guarded). */
  readonly web: PersonWebStorage;
  /**
   * Sign out's part in this browser: stops every runtime (answers in flight are saved first) and removes what the
   * person keeps in web storage (drafts, picks, the page-close stash). Their local database stays for their return.
   */
  leave(): Promise<void>;
  /** Starts what runs in the background (loading, follow-up, page-hide saves). Again after `stop()` is fine. */
  start(): void;
  /** Stops every runtime and resolves once what they were doing has settled and been saved. */
  stop(): Promise<void>;
}

const ServicesContext = createContext<ConsoleServices | null>(null);

export function ConsoleServicesProvider({ services, children }: { services: ConsoleServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The signed-in person's services; only screens under ConsoleServicesProvider may ask. */
export function useConsoleServices(): ConsoleServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('This screen needs the signed-in console services above it');
  return services;
}

/**
 * Hooks over one of the person's stores: `[useX, useXApi] = serviceStore(…)`; `useX(select)` reads it and
 * re-renders when the selection changes, `useXApi()` gives the store itself (for event handlers).
 */
export function serviceStore<S>(pick: (services: ConsoleServices) => StoreApi<S>) {
  function useServiceStore<T>(select: (state: S) => T): T {
    return useStore(pick(useConsoleServices()), select);
  }
  const useServiceStoreApi = (): StoreApi<S> => pick(useConsoleServices());
  return [useServiceStore, useServiceStoreApi] as const;
}
