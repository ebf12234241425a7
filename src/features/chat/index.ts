export { createChatServices, type ChatServices } from './chat-services';
export { ChatServicesProvider, useChatServices } from './chat-services-provider';
export { ConversationList } from './conversations/conversation-list';
export { chatShortcuts } from './chat-shortcuts';
export { useChatWaiting } from './conversations/use-chat-waiting';
export { readFirstScreen } from './runtime/opening/first-screen';
export { useLastChat } from './runtime/use-chat';
