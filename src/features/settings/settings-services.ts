import type { StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '@/api/client/http-client';
import type { ConsoleDatabase } from '@/lib/storage/db';
import { countLocalData, type LocalDataCounts } from '@/lib/storage/storage-local-data';
import type { LocalDataState, PersonLocalData } from './local-data/local-data-store';
import { announceCleared, listenForCleared, type ChannelSecret } from './local-data/local-data-tabs';
import { startPreferencesPersistence } from './preferences-persistence';
import { createPreferencesStore, type Preferences, type PreferencesState } from './preferences-store';

export interface SettingsServices {
  /** The person's HTTP client, as the app handed it to the settings (where conversations are kept). */
  readonly client: ApiClient;
  readonly preferences: StoreApi<PreferencesState>;
  /** Kept by the signed-in app across services: clearing stops and replaces them. */
  readonly localData: StoreApi<LocalDataState>;
  /** What Clear local data would remove (and what the server keeps besides). */
  countLocalData(): Promise<LocalDataCounts>;
  /** Stops every runtime, then clears what this person keeps in this browser (and tells their other tabs). */
  clearLocalData(): Promise<void>;
  /** Clear local data, then sign out. */
  removeMyDataAndSignOut(): Promise<void>;
  /** Whether the server has a conversation too (Clear local data does not count it as gone). */
  keptByServer(conversationId: string): boolean;
  start(): void;
  stop(): Promise<void>;
}

export interface SettingsServicesDeps extends Omit<PersonLocalData, 'owner' | 'db'> {
  owner: string;
  db: ConsoleDatabase;
  client: ApiClient;
  localData: StoreApi<LocalDataState>;
  /** The loaded preferences, then each change, for the features that follow them. */
  apply(preferences: Partial<Preferences>): void;
  /** Ends the session (the auth feature's sign-out, handed in by the app). */
  signOut(): Promise<void>;
  /** The sign-in's secret its tabs prove their messages with (the auth feature's, handed in by the app). */
  channelSecret: ChannelSecret;
}

export function createSettingsServices({
  client,
  localData,
  apply,
  signOut,
  channelSecret,
  ...person
}: SettingsServicesDeps) {
  const { owner, db } = person;
  const preferences = createPreferencesStore();
  let stopPersistence: (() => Promise<void>) | null = null;
  let stopListening: (() => void) | null = null;
  const { tab } = localData.getState();
  const announce = () => void announceCleared(owner, channelSecret, tab);
  const services: SettingsServices = {
    client,
    preferences,
    localData,
    countLocalData: () => countLocalData(owner, db, person.keptByServer),
    clearLocalData: () => localData.getState().clear(person, { announce }),
    removeMyDataAndSignOut: () => localData.getState().clear(person, { announce, signOut }),
    keptByServer: person.keptByServer,
    start() {
      void stopPersistence?.();
      stopPersistence = startPreferencesPersistence({ store: preferences, owner, db, apply });
      stopListening ??= listenForCleared(
        owner,
        channelSecret,
        tab,
        () => void localData.getState().clear(person, { fromOtherTab: true }),
      );
    },
    async stop() {
      const stopping = stopPersistence?.();
      stopPersistence = null;
      stopListening?.();
      stopListening = null;
      await stopping;
    },
  };
  return services;
}
