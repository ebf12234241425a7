import type { StoreApi } from 'zustand/vanilla';
import type { ConsoleDatabase } from '@/lib/db';
import type { LocalDataState } from './local-data-store';
import { startPreferencesPersistence } from './preferences-persistence';
import { createPreferencesStore, type Preferences, type PreferencesState } from './preferences-store';

declare module '@/lib/console-services' {
  interface ConsoleServices {
    readonly settings: SettingsServices;
  }
}

export interface SettingsServices {
  readonly preferences: StoreApi<PreferencesState>;
  /** Kept by the signed-in app across services: clearing stops and replaces them. */
  readonly localData: StoreApi<LocalDataState>;
  /** Stops every runtime, then clears what this person keeps in this browser. */
  clearLocalData(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export interface SettingsServicesDeps {
  owner: string;
  db: ConsoleDatabase;
  localData: StoreApi<LocalDataState>;
  /** The loaded preferences, then each change, for the features that follow them. */
  apply(preferences: Partial<Preferences>): void;
  /** Stops the person's whole console (every runtime), resolving once it has settled. */
  stopAll(): Promise<void>;
}

export function createSettingsServices({ owner, db, localData, apply, stopAll }: SettingsServicesDeps) {
  const preferences = createPreferencesStore();
  let stopPersistence: (() => void) | null = null;
  const services: SettingsServices = {
    preferences,
    localData,
    clearLocalData: () => localData.getState().clear(owner, db, stopAll),
    start() {
      stopPersistence?.();
      stopPersistence = startPreferencesPersistence({ store: preferences, owner, db, apply });
    },
    async stop() {
      stopPersistence?.();
      stopPersistence = null;
    },
  };
  return services;
}
