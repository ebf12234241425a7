export { ChatPage } from './chat-page';
export { forgetConversation } from './chat-store';
export { abortAllAnswers } from './use-ask';
