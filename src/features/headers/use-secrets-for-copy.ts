import type { SecretValues } from '@/domain/calls/curl';
import { secretsForCopy } from './header-provider';
import { useProfilesApi } from './profiles/profiles-store';

/**
 * For "Copy with secrets": the secret values of the profile a call was made with, read at the moment of the copy
 * from the profile itself (the only place they are kept).
 */
export function useSecretsForCopy(): (profileName: string | null | undefined) => SecretValues {
  const profiles = useProfilesApi();
  return (profileName) => secretsForCopy(profiles.getState(), profileName);
}
