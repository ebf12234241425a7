import { useStore } from 'zustand';
import type { Attachment } from '@/domain/files/attachments';
import { useChatServices } from '@/features/chat/chat-services-provider';
import type { AttachmentsRuntime } from './attachments-runtime';

/** The uploads and attached files of the signed-in person's drafts. */
export const useAttachmentsRuntime = (): AttachmentsRuntime => useChatServices().attachments;

const none: readonly Attachment[] = [];

/** The files attached to one draft; re-renders when they change. */
export function useAttachments(key: string): readonly Attachment[] {
  return useStore(useAttachmentsRuntime().store, (state) => state.drafts[key] ?? none);
}
