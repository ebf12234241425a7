// The chat screen's chunk starts here: the chat page with what it is given from config.json.
import { ChatPage } from '@/features/chat/chat-page';
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
