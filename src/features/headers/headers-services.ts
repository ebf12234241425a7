import type { StoreApi } from 'zustand/vanilla';
import type { ConsoleDatabase } from '@/lib/storage/db';
import { createProofPanelsStore, type ProofPanelsState } from './proof/proof-panels-store';
import { startProfilesPersistence } from './profiles/profiles-persistence';
import { createProfilesStore, type HeaderUser, type ProfilesState } from './profiles/profiles-store';
import { scrubOnSecretChanges } from './profiles/scrub-stored-secrets';

/** One person's header profiles (kept in the local database) and the header proofs they opened or closed. */
export interface HeadersServices {
  readonly profiles: StoreApi<ProfilesState>;
  readonly proofPanels: StoreApi<ProofPanelsState>;
  /** Loads the profiles, then saves every change. */
  start(): void;
  /** Stops saving; resolves once the writes already started have settled. */
  stop(): Promise<void>;
}

export interface HeadersServicesDeps {
  /** Whose records these are (the token's subject). */
  owner: string;
  /** The signed-in person, for {{user.sub}} and {{user.email}}. */
  user: HeaderUser;
  db: ConsoleDatabase;
  /** Told the values whose older copies should go (marked secret, or deleted with their row or profile). */
  onSecretsRetired?(values: readonly string[]): void;
}

export function createHeadersServices({ owner, user, db, onSecretsRetired }: HeadersServicesDeps): HeadersServices {
  const profiles = createProfilesStore(owner, user);
  let stopPersistence: (() => Promise<void>) | null = null;
  let stopScrubbing: (() => void) | null = null;
  return {
    profiles,
    proofPanels: createProofPanelsStore(),
    start() {
      stopPersistence ??= startProfilesPersistence(profiles, db);
      stopScrubbing ??= scrubOnSecretChanges(profiles, db, onSecretsRetired);
    },
    async stop() {
      const stop = stopPersistence;
      stopPersistence = null;
      stopScrubbing?.();
      stopScrubbing = null;
      await stop?.();
    },
  };
}
