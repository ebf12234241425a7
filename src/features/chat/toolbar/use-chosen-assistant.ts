import { useMemo } from 'react';
import { useSelectionStore, type KnownAssistant } from './selection-store';
import { useAssistantDetail } from './use-assistant-catalog';

/**
 * Who answers the next question: the person's pick (kept in their web storage), named as the server describes it once
 * it has. Derived where it is shown, never copied back: an assistant added by ID is stored under a stand-in name.
 */
export function useChosenAssistant(): KnownAssistant | null {
  const picked = useSelectionStore((state) => state.assistant);
  const served = useAssistantDetail(picked?.id).data?.name;
  return useMemo(
    () => (picked && served && served !== picked.name ? { ...picked, name: served } : picked),
    [picked, served],
  );
}
