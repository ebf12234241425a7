import type { StoreApi } from 'zustand/vanilla';
import { secretMatcher } from '@/domain/headers/secret-forms';
import { scrubRecord, secretByNameValues, valuesToScrub } from '@/domain/headers/secrets';
import type { ConsoleDatabase } from '@/lib/storage/db';
import { reportWrite } from '@/lib/storage/storage-health';
import type { ProfilesState } from './profiles-store';

/**
 * Masks the values in this person's records (turns, conversations, runs, drafts: every table but the profiles
 * themselves). New copies are masked when written; this reaches those written before a value was marked secret.
 */
export async function scrubStoredSecrets(
  db: ConsoleDatabase,
  owner: string,
  values: readonly string[],
): Promise<number> {
  if (values.length === 0) return 0;
  let scrubbed = 0;
  const matcher = secretMatcher(values);
  for (const table of db.tables) {
    if (table.name === db.headerProfiles.name) continue;
    // Read and rewrite in one transaction, so a record saved meanwhile is not overwritten with an older copy.
    scrubbed += await db.transaction('rw', table, async () => {
      const records = await table.filter((record: { owner?: unknown }) => record.owner === owner).toArray();
      const changed = records.flatMap((record) => {
        const clean = scrubRecord(record, matcher);
        return clean === record ? [] : [clean];
      });
      if (changed.length > 0) await table.bulkPut(changed);
      return changed.length;
    });
  }
  return scrubbed;
}

/**
 * When a value is marked secret, or a secret row or profile is deleted, the copies kept before go from the local
 * database; and once the profiles are read, the copies of values secret by their name. Returns the unsubscribe
 * function.
 */
export function scrubOnSecretChanges(
  store: StoreApi<ProfilesState>,
  db: ConsoleDatabase,
  retired: (values: readonly string[]) => void = () => undefined,
): () => void {
  return store.subscribe((next, previous) => {
    // Read: copies kept while credential-named values were plain by default go too (a pass that writes nothing else).
    if (next.status === 'ready' && previous.status !== 'ready') {
      const byName = secretByNameValues(next.profiles);
      if (byName.length > 0)
        void reportWrite('secret header values', scrubStoredSecrets(db, next.owner, byName)).catch(() => undefined);
      return;
    }
    if (next.status !== 'ready' || previous.status !== 'ready' || next.profiles === previous.profiles) return;
    const values = valuesToScrub(previous.profiles, next.profiles);
    if (values.length === 0) return;
    retired(values);
    void reportWrite('secret header values', scrubStoredSecrets(db, next.owner, values)).catch(() => undefined);
  });
}
