import { useMemo } from 'react';
import { followUpsKey, moved, readFollowUps, writeFollowUps, type FollowUp } from '@/domain/conversations/follow-ups';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';

export interface FollowUps {
  items: readonly FollowUp[];
  add(text: string): void;
  edit(id: string, text: string): void;
  remove(id: string): void;
  move(id: string, by: number): void;
  /** Takes the first question off the queue (to send it). */
  take(): FollowUp | undefined;
}

/** The questions queued in one conversation, saved as its drafts are. */
export function useFollowUps(conversationKey: string): FollowUps {
  const runtime = useChatRuntime();
  const key = followUpsKey(conversationKey);
  const stored = useChat((state) => state.drafts[key]);
  return useMemo(() => {
    const items = readFollowUps(stored);
    const save = (next: readonly FollowUp[]) => runtime.draftChanged(key, writeFollowUps(next));
    return {
      items,
      add: (text) => save([...items, { id: crypto.randomUUID(), text }]),
      edit: (id, text) =>
        save(
          text.trim()
            ? items.map((item) => (item.id === id ? { ...item, text } : item))
            : items.filter((item) => item.id !== id),
        ),
      remove: (id) => save(items.filter((item) => item.id !== id)),
      move: (id, by) => save(moved(items, id, by)),
      take() {
        const [first, ...rest] = items;
        if (first) save(rest);
        return first;
      },
    };
  }, [stored, key, runtime]);
}
