export { createChatServices, type ChatServices } from './chat-services';
export { useChatRuntime, useChatServices } from './runtime/use-chat';
export { ConversationList } from './conversations/conversation-list';
export { chatShortcuts } from './chat-shortcuts';
export { useSelectionStore } from './toolbar/selection-store';
export { useChatWaiting } from './conversations/use-chat-waiting';
export { readFirstScreen } from './runtime/first-screen';
