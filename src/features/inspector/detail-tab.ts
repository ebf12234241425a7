import { useNavigate, useSearch } from '@tanstack/react-router';
import { fixedKey } from '@/lib/storage/storage-registry';
import { webStorage } from '@/lib/storage/web-storage';

export const detailTabs = ['headers', 'payload', 'response', 'timing'] as const;
export type DetailTab = (typeof detailTabs)[number];

export const isDetailTab = (value: unknown): value is DetailTab =>
  typeof value === 'string' && (detailTabs as readonly string[]).includes(value);

// The last tab chosen, for this browser tab only: a call opened from a turn or a run lands on it too. A choice about
// the screen, not about anybody: device-scoped in the storage registry.
const storageKey = fixedKey('inspectorTab');

function rememberedTab(): DetailTab {
  const stored = webStorage().session.get(storageKey);
  return isDetailTab(stored) ? stored : 'headers';
}

/**
 * The detail's tab: the address's `tab=` when it has one (a link can open a call on its timing), else the one last
 * chosen in this session. Choosing a tab writes both, replacing the address so Back still leaves the Inspector.
 */
export function useDetailTab(): [DetailTab, (tab: DetailTab) => void] {
  const search: { tab?: DetailTab } = useSearch({ strict: false });
  const navigate = useNavigate();
  const choose = (tab: DetailTab) => {
    webStorage().session.set(storageKey, tab, { what: 'the Inspector tab' });
    void navigate({ to: '/inspector', search: (previous) => ({ ...previous, tab }), replace: true });
  };
  return [search.tab ?? rememberedTab(), choose];
}
