import { createContext, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';

/**
 * A React context for one piece of a signed-in person's services (a feature's runtime, a store, the client it was
 * given). The feature that builds the piece fills the context in its provider; `app/` nests the features' providers
 * under one `ConsoleServicesProvider`, so a screen asks its own feature's hook and nothing else.
 */
export function servicesContext<S>(what: string) {
  const Context = createContext<S | null>(null);
  function Provider({ value, children }: { value: S; children: ReactNode }) {
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }
  function useServices(): S {
    const value = useContext(Context);
    if (value === null) throw new Error(`This screen needs ${what}: the signed-in console provides them above it`);
    return value;
  }
  return { Provider, use: useServices };
}

/**
 * One of the person's stores: `useState(select)` reads it and re-renders when the selection changes, `useApi()` gives
 * the store itself (for event handlers), `Provider` is filled by the feature that built it.
 */
export function storeContext<S>(what: string) {
  const { Provider, use: useApi } = servicesContext<StoreApi<S>>(what);
  function useServiceStore<T>(select: (state: S) => T): T {
    return useStore(useApi(), select);
  }
  return { Provider, useState: useServiceStore, useApi };
}
