export { ChatPage } from './chat-page';
export { forgetConversation } from './chat-store';
