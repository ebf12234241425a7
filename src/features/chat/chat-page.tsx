import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '@/features/auth';
import { HeadersBlockedNotice, useHeaderProblems } from '@/features/headers';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { useAttachmentsRuntime } from './attachments/use-attachments';
import { useChat, useChatRuntime } from './runtime/use-chat';
import { ConversationUnreadable } from './conversations/conversation-unreadable';
import type { AskChoice } from './runtime/create-chat-runtime';
import { newChatKey } from './runtime/chat-store';
import { useChatServices } from './chat-services-provider';
import { useComposerFocus } from './chat-shortcuts';
import { ChatToolbar } from './toolbar/chat-toolbar';
import { Composer } from './composer/composer';
import { useEditorFocus } from './transcript/editor-focus';
import { EmptyChat } from './transcript/empty-chat';
import { modelOf, useSelectionApi, useSelectionStore } from './toolbar/selection-store';
import { toolSwitchesOf, useToolSwitchesApi } from './tools/tool-switches-store';
import { Transcript } from './transcript/transcript';
import { TurnAnnouncer } from './transcript/turn-announcer';
import type { Turn } from './runtime/turn';
import type { TurnActions } from './transcript/turn-view';
import { useChosenAssistant } from './toolbar/use-chosen-assistant';
import { useAssistantChoices } from './toolbar/use-assistant-catalog';
import { useConversationAssistant } from './toolbar/use-conversation-assistant';
import { useChatToolPolicy } from './toolbar/use-chat-tool-policy';
import { useStandingAllowancesFloor } from './toolbar/tool-policy-picker';
import { FollowUpQueue } from './queue/follow-up-queue';
import { useRefreshOnFocus } from './conversations/use-refresh-on-focus';
import { FinishedNotice, useNewChatFrom } from './composer/finished-notice';

interface ChatPageProps {
  fallbacks: RuntimeConfig['fallbacks'];
  maxUploadBytes?: RuntimeConfig['maxUploadBytes'];
  conversationId?: string;
}

/** One conversation (or a new one, without `conversationId`): toolbar, transcript, composer. */
export function ChatPage({ fallbacks, maxUploadBytes, conversationId }: ChatPageProps) {
  const assistant = useChosenAssistant();
  const assistantSelected = useSelectionStore((state) => state.assistantSelected);
  const mode = useSelectionStore((state): AskChoice['mode'] => (state.streamAnswers ? 'stream' : 'json'));
  const assistantPickerRequested = useSelectionStore((state) => state.assistantPickerRequested);
  const modelPickerRequested = useSelectionStore((state) => state.modelPickerRequested);
  const selectionApi = useSelectionApi();
  const toolSwitchesApi = useToolSwitchesApi();
  const editorFocusRequested = useEditorFocus((state) => state.requested);
  const composerFocusRequested = useComposerFocus((state) => state.requested);
  const runtime = useChatRuntime();
  const { store } = useChatServices();
  const attachments = useAttachmentsRuntime();
  const navigate = useNavigate();
  const auth = useAuth();
  const key = conversationId ?? newChatKey;
  // A new chat knows the id it will have, so header templates using {{conversation_id}} resolve before it starts.
  const [newId] = useState(() => crypto.randomUUID());
  // The model override is the conversation's own: a new chat, or another conversation, starts from its own.
  const model = useSelectionStore((state) => modelOf(state, conversationId ?? newId));
  const toolPolicy = useChatToolPolicy(conversationId ?? newId);
  useStandingAllowancesFloor(conversationId ?? newId);
  const headerProblems = useHeaderProblems({ kind: 'assistant', conversationId: conversationId ?? newId });
  const opening = useChat((state) =>
    conversationId ? (state.opening[conversationId] ?? (state.turns[conversationId] ? 'ready' : 'loading')) : 'ready',
  );
  const hasTurns = useChat((state) => (conversationId ? (state.turns[conversationId]?.length ?? 0) > 0 : false));
  const activeTurnId = useChat(
    (state) => Object.values(state.live).find((live) => live.conversationId === conversationId)?.turn.id ?? null,
  );
  // Finished on the server (an admin, a job, its owner): it takes no more messages; a new chat carries the draft on.
  const finishedAt = useChat((state) => (conversationId ? state.conversations[conversationId]?.finishedAt : undefined));
  const newChat = useNewChatFrom(conversationId);

  useEffect(() => {
    if (conversationId) runtime.open(conversationId);
  }, [runtime, conversationId]);
  // The rail's Chat comes back here from another screen.
  useEffect(() => store.getState().chatShown(conversationId ?? null), [store, conversationId]);
  // Arriving with the keyboard nowhere (after signing in, or from a link that went away), it goes to the message box,
  // not the page's body; where something waits for the person, that takes it as it shows (the approval card, the form).
  const waits = useChat((state) =>
    conversationId ? (state.turns[conversationId] ?? []).some((turn) => turn.status === 'waiting') : false,
  );
  useEffect(() => {
    if (opening !== 'ready' || waits) return;
    if (document.activeElement === null || document.activeElement === document.body) composerFocusRequested();
  }, [opening, waits, conversationId, composerFocusRequested]);
  useConversationAssistant(conversationId);
  useRefreshOnFocus(conversationId);

  // First run: the first assistant is picked for the person, so a new user is one click from an answer.
  const firstChoice = useAssistantChoices('', fallbacks.assistants, [], assistant === null).assistants[0];
  useEffect(() => {
    if (!assistant && firstChoice) assistantSelected({ id: firstChoice.id, name: firstChoice.name });
  }, [assistant, firstChoice, assistantSelected]);

  const disabledReason =
    finishedAt !== undefined
      ? 'This conversation is finished'
      : !assistant
        ? 'Choose an assistant first'
        : headerProblems.length
          ? 'Fix the custom headers first (see above)'
          : opening === 'loading'
            ? 'Loading the conversation…'
            : opening === 'missing' || opening === 'failed'
              ? 'Start a new chat from the list'
              : null;

  // While a long conversation's latest turns show and the rest is read, nothing changes it yet.
  const busy = activeTurnId !== null || opening === 'loading';
  const actions = useMemo<TurnActions>(
    () => ({
      busy,
      retry: (turn: Turn, secrets?: Readonly<Record<string, string>>) =>
        conversationId && runtime.regenerate(conversationId, turn, mode, secrets),
      selectVersion: (parentId: string | null, versionId: string) =>
        conversationId && runtime.selectVersion(conversationId, parentId, versionId),
      edit: (turn: Turn) => {
        if (!conversationId) return;
        runtime.startEditing(conversationId, turn);
        editorFocusRequested(turn.id);
      },
      // The pickers' choice when it is sent (read then, so typing a model does not re-render every turn).
      sendEdit: (turn: Turn, text: string) => {
        const chosen = selectionApi.getState();
        // Named as the server describes it (an assistant added by ID is stored under a stand-in name).
        if (!conversationId || !assistant || disabledReason) return;
        const choice: AskChoice = {
          assistant: { id: assistant.id, name: assistant.name },
          model: modelOf(chosen, conversationId).trim(),
          mode: chosen.streamAnswers ? 'stream' : 'json',
        };
        runtime.edit(conversationId, turn.id, text, choice);
      },
      sendBlocked: disabledReason,
      finished: finishedAt !== undefined,
      startNewChat: newChat.start,
      signIn: () => void auth.signIn(),
      pickAssistant: assistantPickerRequested,
      pickModel: modelPickerRequested,
    }),
    [
      busy,
      finishedAt,
      newChat.start,
      runtime,
      conversationId,
      auth,
      mode,
      assistantPickerRequested,
      modelPickerRequested,
      disabledReason,
      selectionApi,
      editorFocusRequested,
      assistant,
    ],
  );

  /** What a question is asked with now: the pickers, the chat's tool switches and its tool-call policy. */
  const choiceNow = (chosen: { id: string; name: string }) => ({
    assistant: chosen,
    model: model.trim(),
    mode,
    tools: toolSwitchesOf(toolSwitchesApi.getState(), conversationId ?? newId),
    ...(toolPolicy.kind === 'set' ? { toolPolicy: toolPolicy.policy } : {}),
  });
  // The queue's "Go to it": what waits for the person in this chat (a tool call to allow, a form) comes into view.
  const showWaiting = () => {
    const waiting = document.querySelector<HTMLElement>('.chat .tool-approval, .chat .a2ui-surface, .chat form');
    waiting?.scrollIntoView({ block: 'center' });
    waiting?.focus({ preventScroll: true });
  };

  const send = (text: string) => {
    if (!assistant) return;
    // The draft's uploaded files go with it (Send waits while any is still uploading).
    runtime.ask(conversationId ?? newId, text, { ...choiceNow(assistant), fileNames: attachments.take(key) });
    // The new conversation gets its address; Back leaves it rather than returning to an empty chat. The message box
    // of the conversation's page takes the keyboard, so it never falls to the page's body.
    if (!conversationId) {
      void navigate({ to: '/chat/$conversationId', params: { conversationId: newId }, replace: true }).then(() =>
        composerFocusRequested(),
      );
    }
  };

  return (
    <section className="chat" aria-label="Chat">
      <ChatToolbar fallbacks={fallbacks} headerProblems={headerProblems} conversationId={conversationId ?? newId} />
      {opening === 'missing' || opening === 'failed' ? (
        <ConversationUnreadable opening={opening} onRetry={() => void runtime.open(conversationId ?? '')} />
      ) : conversationId && (hasTurns || opening === 'loading') ? (
        <Transcript conversationId={conversationId} actions={actions} />
      ) : (
        <EmptyChat assistant={assistant} onStarter={send} />
      )}
      {conversationId ? <TurnAnnouncer conversationId={conversationId} /> : null}
      <HeadersBlockedNotice problems={headerProblems} action="Sending" />
      <FollowUpQueue conversationId={conversationId ?? newId} onShowWaiting={showWaiting} />
      {finishedAt !== undefined ? (
        <FinishedNotice finishedAt={finishedAt} assistantName={newChat.assistantName} onNewChat={newChat.start} />
      ) : null}
      <Composer
        draftKey={key}
        disabledReason={disabledReason}
        closed={finishedAt !== undefined}
        activeTurnId={activeTurnId}
        maxUploadBytes={maxUploadBytes}
        onSend={send}
        onQueue={(text) => assistant && runtime.queue(conversationId ?? newId, text, choiceNow(assistant))}
        onSendNow={(text) => activeTurnId && runtime.stopThen(activeTurnId, () => send(text))}
      />
    </section>
  );
}
