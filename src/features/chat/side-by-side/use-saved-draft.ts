import { useEffect } from 'react';
import { useChatServices } from '@/features/chat/chat-services-provider';

/** Brings back the draft kept under `key` (this person's, in this browser), unless something was typed meanwhile. */
export function useSavedDraft(key: string) {
  const { repository, store } = useChatServices();
  useEffect(() => {
    let gone = false;
    repository.draftOf(key).then(
      (text) => {
        if (!gone && text) store.getState().draftLoaded(key, text);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [repository, store, key]);
}
