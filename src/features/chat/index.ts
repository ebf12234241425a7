export { ChatPage } from './chat-page';
export { createChatServices } from './chat-services';
export { useChatServices } from './runtime/use-chat';
export { ConversationList } from './conversations/conversation-list';
export { chatShortcuts } from './chat-shortcuts';
export { useChatWaiting } from './conversations/use-chat-waiting';
export { readFirstScreen } from './runtime/first-screen';
