import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { apiClient } from '@/api/client-registry';
import type { Attachment } from '@/domain/files/attachments';
import { isQuotaError } from '@/lib/storage-health';
import type { ConversationRepository } from '@/features/chat/conversations/conversation-repository';
import { createAttachmentsRuntime, type AttachmentsRuntime } from './attachments-runtime';

interface AttachmentsProviderProps {
  repository: Pick<ConversationRepository, 'draftOf' | 'saveDraft'>;
  problemReported(problem: string): void;
  children: ReactNode;
}

const AttachmentsContext = createContext<AttachmentsRuntime | null>(null);

/** The attachments of one person's drafts, with their uploads: a new repository (owner) gets a new runtime. */
export function AttachmentsProvider({ repository, problemReported, children }: AttachmentsProviderProps) {
  const runtime = useMemo(() => {
    // A full storage has its own banner with ways out: it is not said twice.
    const report = (error: unknown) =>
      isQuotaError(error)
        ? undefined
        : problemReported(
            `The attached files could not be kept with the draft in this browser (${error instanceof Error ? error.message : String(error)}).`,
          );
    return createAttachmentsRuntime({ repository, client: apiClient, report });
  }, [repository, problemReported]);
  // Sign-out unmounts it: uploads still running stop with it.
  useEffect(() => () => runtime.stop(), [runtime]);
  return <AttachmentsContext.Provider value={runtime}>{children}</AttachmentsContext.Provider>;
}

export function useAttachmentsRuntime(): AttachmentsRuntime {
  const runtime = useContext(AttachmentsContext);
  if (!runtime) throw new Error('The composer needs an AttachmentsProvider above it');
  return runtime;
}

const none: readonly Attachment[] = [];

/** The files attached to one draft; re-renders when they change. */
export function useAttachments(key: string): readonly Attachment[] {
  return useStore(useAttachmentsRuntime().store, (state) => state.drafts[key] ?? none);
}
