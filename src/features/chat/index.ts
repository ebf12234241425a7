export { ChatPage } from './chat-page';
export { ChatProvider, useChatRuntime } from './chat-provider';
export { ConversationList } from './conversation-list';
export { chatShortcuts } from './chat-shortcuts';
export { conversationRepository } from './conversation-repository';
export { useSelectionStore } from './selection-store';
