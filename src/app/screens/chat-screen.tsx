// The chat screen's chunk starts here: the chat page with what it is given from config.json.
import { ChatPage } from '@/features/chat/chat-page';
import { SideBySidePage } from '@/features/chat/side-by-side/side-by-side-page';
import type { SideBySideSearch } from '@/domain/conversations/side-by-side';
import { useConsoleServices } from '@/app/console-services-provider';

export function ChatScreen({ conversationId }: { conversationId?: string }) {
  const { config } = useConsoleServices();
  return (
    <ChatPage
      fallbacks={config.fallbacks}
      maxUploadBytes={config.maxUploadBytes}
      {...(conversationId === undefined ? {} : { conversationId })}
    />
  );
}

/** Two conversations side by side (Ask two, Replay on…): in the chat's chunk, which it shares everything with. */
export function SideBySideScreen({ search }: { search: SideBySideSearch }) {
  const { config } = useConsoleServices();
  return <SideBySidePage fallbacks={config.fallbacks} maxUploadBytes={config.maxUploadBytes} search={search} />;
}
