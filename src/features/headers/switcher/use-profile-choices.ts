import type { SelectChoice } from '@/ui/compact-select';
import { activeProfileOf, useProfilesStore } from '@/features/headers/profiles/profiles-store';

const enabledCount = (rows: readonly { enabled: boolean; name: string }[]) =>
  rows.filter((row) => row.enabled && row.name.trim()).length;

/** The header profiles as choices ("Tenant A · 2": name and how many headers it sends), and the active one. */
export function useProfileChoices() {
  const profiles = useProfilesStore((state) => state.profiles);
  const activeId = useProfilesStore((state) => state.activeId);
  const active = useProfilesStore(activeProfileOf);
  const loading = useProfilesStore((state) => state.status === 'loading');
  const label = (profile: { name: string; rows: readonly { enabled: boolean; name: string }[] }) =>
    `${profile.name.trim() || 'Unnamed profile'} · ${enabledCount(profile.rows)}`;
  const choices: SelectChoice[] = profiles.map((profile) => ({ id: profile.id, label: label(profile) }));
  return { choices, activeId, activeLabel: active ? label(active) : null, disabled: loading || profiles.length === 0 };
}

export const problemsText = (count: number) => `Fix ${count} header problem${count === 1 ? '' : 's'}`;
