export { ChatPage } from './chat-page';
export { ChatProvider, useChatRuntime } from './chat-provider';
export { ConversationList } from './conversation-list';
