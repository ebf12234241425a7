export { ChatPage } from './chat-page';
export { ChatProvider, useChatRuntime } from './runtime/chat-provider';
export { ConversationList } from './conversations/conversation-list';
export { chatShortcuts } from './chat-shortcuts';
export { conversationRepository } from './conversations/conversation-repository';
export { useSelectionStore } from './toolbar/selection-store';
