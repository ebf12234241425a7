import { assistantChatNode, assistantChatPython, type AssistantChatCall } from '@/domain/calls/assistant-sdk-call';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { CopyButton } from '@/ui/copy-button';
import type { Turn } from '@/features/chat/runtime/turn';

/** The turn's question as the client libraries would ask it: what was sent, secret header values left to the environment. */
export function sdkCallOfTurn(apiBase: string, conversationId: string, turn: Turn): AssistantChatCall {
  const forwarded = turn.request?.forwarded;
  return {
    apiBase,
    assistantId: turn.assistantId,
    text: turn.question,
    llmModel: turn.model,
    conversationId,
    fileNames: turn.fileNames,
    stream: turn.mode === 'stream',
    propagateHeaders: forwarded?.propagate === true,
    headers: (forwarded?.propagate ? forwarded.headers : []).map((header) => ({
      name: header.name,
      value: header.value,
      secret: header.secret === true,
    })),
  };
}

/** Copy as Python / Copy as Node.js: the turn's call written for the platform's client libraries. */
export function TurnSdkCopies({ turn, conversationId }: { turn: Turn; conversationId: string }) {
  const { client } = useChatServices();
  const call = () => sdkCallOfTurn(client.baseUrl, conversationId, turn);
  return (
    <>
      <CopyButton label="Copy as Python" getText={() => assistantChatPython(call())} />
      <CopyButton label="Copy as Node.js" getText={() => assistantChatNode(call())} />
    </>
  );
}
