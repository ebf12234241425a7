import type { ConversationRepository } from '@/features/chat/conversations/conversation-repository';

/**
 * Writes drafts as they change, one write at a time, always the latest text per conversation: typing fast
 * queues no backlog, and a reload right after typing finds what was typed (the write starts at once).
 */
export function createDraftSaver(
  repository: Pick<ConversationRepository, 'saveDraft'>,
  report: (error: unknown) => void,
) {
  const dirty = new Map<string, string>();
  let writing: Promise<void> | null = null;
  const drain = () => {
    if (writing) return;
    writing = (async () => {
      for (let next = dirty.entries().next(); !next.done; next = dirty.entries().next()) {
        const [key, text] = next.value;
        dirty.delete(key);
        await repository.saveDraft(key, text).catch(report);
      }
    })().finally(() => {
      writing = null;
      if (dirty.size) drain();
    });
  };
  return {
    save(key: string, text: string) {
      dirty.set(key, text);
      drain();
    },
    report,
    /** Resolves once every draft handed over so far is written (stopping waits for it). */
    async settled(): Promise<void> {
      while (writing) await writing;
    },
  };
}
