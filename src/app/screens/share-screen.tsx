// The shared-chat screen's chunk starts here: a conversation someone shared, read with this person's client.
import { SharedConversationPage } from '@/features/share/shared-conversation-page';
import { useConsoleServices } from '@/app/console-services-provider';

export function ShareScreen({ token }: { token: string }) {
  const { client } = useConsoleServices();
  return <SharedConversationPage client={client} token={token} />;
}
