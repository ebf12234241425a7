import { useEffect, useMemo } from 'react';
import { useAuth } from '@/features/auth';
import { HeaderSwitcher, useHeaderProblems } from '@/features/headers';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { statusText } from './answer-status';
import { AssistantPicker } from './assistant-picker';
import { useChatStore } from './chat-store';
import { Composer } from './composer';
import { EmptyChat } from './empty-chat';
import { ModelPicker } from './model-picker';
import { useSelectionStore } from './selection-store';
import { Transcript } from './transcript';
import { isTurnActive, type Turn } from './turn';
import type { TurnActions } from './turn-view';
import { useAssistantChoices, useAssistantDetail } from './use-assistant-catalog';
import { useAsk } from './use-ask';

/** What a screen reader hears when an answer starts or ends (never every token). */
function announcement(turn: Turn | undefined): string {
  if (!turn) return '';
  if (turn.status === 'failed') return `${turn.assistantName}: ${turn.error?.title ?? 'failed'}`;
  const warnings = turn.answer.malformedChunks ? `, ${turn.answer.malformedChunks} unreadable chunks skipped` : '';
  return `${turn.assistantName}: ${statusText[turn.status]}${warnings}`;
}

const focusAssistantPicker = () => document.getElementById('assistant-picker')?.click();

export function ChatPage({ fallbacks }: { fallbacks: RuntimeConfig['fallbacks'] }) {
  const assistant = useSelectionStore((state) => state.assistant);
  const model = useSelectionStore((state) => state.model);
  const turns = useChatStore((state) => state.turns);
  const conversationId = useChatStore((state) => state.conversationId);
  const headerProblems = useHeaderProblems({ kind: 'assistant', conversationId });
  const streamAnswers = useChatStore((state) => state.streamAnswers);
  const { ask, stop, retry } = useAsk();
  const auth = useAuth();
  const firstChoice = useAssistantChoices('', fallbacks.assistants, []).assistants[0];

  // First run: preselect the first assistant so a new user is one click from an answer.
  useEffect(() => {
    if (!assistant && firstChoice) useSelectionStore.getState().assistantSelected(firstChoice);
  }, [assistant, firstChoice]);

  // An assistant added by ID gets its real name once the server describes it.
  const detail = useAssistantDetail(assistant?.id);
  const servedName = detail.data?.name;
  useEffect(() => {
    if (assistant && servedName && servedName !== assistant.name) useSelectionStore.getState().assistantDescribed(assistant.id, servedName);
  }, [assistant, servedName]);

  const activeTurn = turns.find(isTurnActive);
  const busy = Boolean(activeTurn);
  const actions = useMemo<TurnActions>(
    () => ({
      busy,
      retry,
      edit: (turn: Turn) => {
        // The question goes back into the composer without replacing what is already typed there.
        const { draft, draftChanged, turnRemoved } = useChatStore.getState();
        draftChanged(draft.trim() ? `${draft}\n\n${turn.question}` : turn.question);
        turnRemoved(turn.id);
        document.getElementById('composer-input')?.focus();
      },
      signIn: () => void auth.signIn(),
      pickAssistant: focusAssistantPicker,
    }),
    [busy, retry, auth],
  );
  const send = (text: string) => {
    if (assistant) ask(text, assistant, model.trim());
  };

  return (
    <section className="chat" aria-label="Chat">
      <header className="chat-toolbar">
        <AssistantPicker fallback={fallbacks.assistants} />
        <ModelPicker fallback={fallbacks.models} />
        <label className="toggle">
          <input type="checkbox" checked={streamAnswers} onChange={(event) => useChatStore.getState().streamModeChanged(event.target.checked)} />
          Stream
        </label>
        <HeaderSwitcher problems={headerProblems} />
        <button type="button" className="button" disabled={turns.length === 0 || Boolean(activeTurn)} onClick={() => useChatStore.getState().conversationCleared(crypto.randomUUID())}>
          New chat
        </button>
      </header>
      {turns.length === 0 ? <EmptyChat assistant={assistant} onStarter={send} /> : <Transcript actions={actions} />}
      <p role="status" className="visually-hidden">
        {announcement(turns[turns.length - 1])}
      </p>
      {headerProblems.length > 0 ? (
        <div className="composer-blocked" role="alert">
          <p>Sending is blocked: the custom headers cannot be sent.</p>
          <ul>
            {headerProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <p className="small">Fix them on the Headers screen, or turn “Forward headers” off.</p>
        </div>
      ) : null}
      <Composer disabledReason={!assistant ? 'Choose an assistant first' : headerProblems.length ? 'Fix the custom headers first (see above)' : null} activeTurnId={activeTurn?.id ?? null} onSend={send} onStop={stop} />
    </section>
  );
}
