import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { askedTurns } from '@/domain/conversations/side-by-side';
import { visiblePath } from '@/domain/conversations/versions';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { Button } from '@/ui/button';
import { useAttachmentsRuntime } from '@/features/chat/attachments/use-attachments';
import { Composer } from '@/features/chat/composer/composer';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import type { AskChoice } from '@/features/chat/runtime/chat-runtime-contract';
import type { Turn } from '@/features/chat/runtime/turn';
import { useChosenAssistant } from '@/features/chat/toolbar/use-chosen-assistant';
import { useComposerFocus } from '@/features/chat/chat-shortcuts';
import { sameSide, sideName, SideChoicePicker, type SideChoice } from './side-choice';
import { useSavedDraft } from './use-saved-draft';

const noTurns: readonly Turn[] = [];
/** The new pair's draft, kept like any chat's across reloads. */
const newPairDraftKey = 'side-by-side:new';

interface PairSetupProps {
  fallbacks: RuntimeConfig['fallbacks'];
  maxUploadBytes?: number | undefined;
  /** The conversation to replay on the second side; absent: Ask two, with a question typed here. */
  replay?: string | undefined;
  mode: AskChoice['mode'];
  /** Why nothing can be sent now (the custom headers to fix), if so. */
  blocked: string | null;
}

const choiceOf = (side: SideChoice, mode: AskChoice['mode']): AskChoice | null =>
  side.assistant ? { assistant: side.assistant, model: side.model.trim(), mode } : null;

/** Picks the two sides: Ask two (a question goes to both) or Replay (a conversation's questions go to the second). */
export function PairSetup({ fallbacks, maxUploadBytes, replay, mode, blocked }: PairSetupProps) {
  const runtime = useChatRuntime();
  const attachments = useAttachmentsRuntime();
  const navigate = useNavigate();
  const selected = useChosenAssistant();
  const source = useChat((state) => (replay ? state.conversations[replay] : undefined));
  const sourceOpening = useChat((state) => (replay ? state.opening[replay] : undefined));
  const composerFocusRequested = useComposerFocus((state) => state.requested);
  useSavedDraft(newPairDraftKey);
  const sourceTurns = useChat((state) => (replay ? (state.turns[replay] ?? noTurns) : noTurns));
  const questions = useMemo(
    () => askedTurns(visiblePath(sourceTurns, source?.selection ?? {}, false)),
    [sourceTurns, source?.selection],
  );
  const [first, setFirst] = useState<SideChoice>({ assistant: selected, model: '' });
  const [second, setSecond] = useState<SideChoice>({ assistant: null, model: '' });
  const [ids] = useState(() => [crypto.randomUUID(), crypto.randomUUID()] as const);
  useEffect(() => {
    if (replay) void runtime.open(replay);
  }, [runtime, replay]);
  const leftSide: SideChoice = replay
    ? {
        assistant: source?.assistant ? { id: source.assistant.id, name: source.assistant.name } : null,
        model: source?.assistant?.model ?? '',
      }
    : first;

  const problem = !leftSide.assistant
    ? replay
      ? sourceOpening === 'missing' || sourceOpening === 'failed'
        ? 'The conversation to replay is not in this browser or on the server (it may have been deleted).'
        : source
          ? 'This conversation names no assistant to compare with.'
          : 'Reading the conversation to replay…'
      : 'Choose the first assistant.'
    : !second.assistant
      ? 'Choose the second assistant.'
      : sameSide(leftSide, second)
        ? 'Both sides would ask the same assistant with the same model: choose another assistant or model for one side.'
        : replay && questions.length === 0
          ? 'This conversation has no questions to replay yet.'
          : blocked;

  const askBoth = (text: string) => {
    const one = choiceOf(leftSide, mode);
    const other = choiceOf(second, mode);
    if (!one || !other || problem) return;
    const fileNames = attachments.take(newPairDraftKey);
    runtime.ask(ids[0], text, { ...one, fileNames });
    runtime.ask(ids[1], text, { ...other, fileNames });
    // The message box of the pair takes the keyboard: it never falls to the page's body.
    void navigate({ to: '/chat/side-by-side', search: { left: ids[0], right: ids[1] }, replace: true }).then(() =>
      composerFocusRequested(),
    );
  };

  const startReplay = () => {
    const other = choiceOf(second, mode);
    const [head, ...rest] = questions;
    if (!replay || !other || !head || problem) return;
    // As a batch goes: one question at a time, in order; a failed or stopped answer holds the rest for the person.
    runtime.ask(ids[1], head.question, { ...other, fileNames: head.fileNames });
    for (const turn of rest) runtime.queue(ids[1], turn.question, other);
    void navigate({
      to: '/chat/side-by-side',
      search: { left: replay, right: ids[1], view: 'aligned' },
      replace: true,
    }).then(() => composerFocusRequested());
  };

  const filesLeftBehind = questions.slice(1).some((turn) => (turn.fileNames?.length ?? 0) > 0);
  return (
    <section className="pair-setup" aria-labelledby="pair-setup-title">
      <h1 id="pair-setup-title" className="pair-setup-title">
        {replay ? `Replay “${source?.title ?? '…'}” on another assistant` : 'Ask two assistants side by side'}
      </h1>
      <p className="muted small">
        {replay
          ? 'Its questions go to the second assistant in order, one at a time, into a new conversation; the answers are then shown aligned by question.'
          : 'One question goes to both, as two ordinary conversations; their answers stream side by side. Keep this one goes on with either alone.'}
      </p>
      <div className="pair-setup-sides">
        {replay ? (
          <p className="side-choice-fixed">
            <span className="muted small">First · </span>
            {sideName(leftSide)} · {questions.length} {questions.length === 1 ? 'question' : 'questions'}
          </p>
        ) : (
          <SideChoicePicker label="First" fallbacks={fallbacks} value={first} onChange={setFirst} />
        )}
        <SideChoicePicker label="Second" fallbacks={fallbacks} value={second} onChange={setSecond} />
      </div>
      {problem ? (
        <p className="pair-setup-problem small" role="status">
          {problem}
        </p>
      ) : null}
      {replay ? (
        <>
          {filesLeftBehind ? (
            <p className="small muted">Files attached after the first question are not sent again.</p>
          ) : null}
          <Button variant="primary" onClick={startReplay} disabled={problem !== null}>
            Replay {questions.length} {questions.length === 1 ? 'question' : 'questions'}
          </Button>
        </>
      ) : (
        <Composer
          draftKey={newPairDraftKey}
          disabledReason={problem}
          activeTurnId={null}
          maxUploadBytes={maxUploadBytes}
          onSend={askBoth}
          onQueue={askBoth}
          onSendNow={askBoth}
        />
      )}
    </section>
  );
}
