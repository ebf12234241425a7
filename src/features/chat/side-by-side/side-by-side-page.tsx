import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { SideBySideSearch } from '@/domain/conversations/side-by-side';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { HeadersBlockedNotice, useHeaderProblems } from '@/features/headers';
import { useAttachments, useAttachmentsRuntime } from '@/features/chat/attachments/use-attachments';
import { Composer } from '@/features/chat/composer/composer';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import type { ChatState } from '@/features/chat/runtime/chat-store';
import type { AskChoice } from '@/features/chat/runtime/chat-runtime-contract';
import { useRefreshOnFocus } from '@/features/chat/conversations/use-refresh-on-focus';
import { useSelectionStore } from '@/features/chat/toolbar/selection-store';
import { AlignedAnswers } from './aligned-answers';
import { PairColumn } from './pair-column';
import { PairSetup } from './pair-setup';
import { PairQueueNotice } from './pair-queue-notice';
import { useSavedDraft } from './use-saved-draft';
import { sideName, type SideChoice } from './side-choice';
import './side-by-side.css';

interface SideBySidePageProps {
  fallbacks: RuntimeConfig['fallbacks'];
  maxUploadBytes?: number | undefined;
  search: SideBySideSearch;
}

/** Two conversations side by side: Ask two (one question to both) or a replay of one on another assistant. */
export function SideBySidePage({ fallbacks, maxUploadBytes, search }: SideBySidePageProps) {
  const mode = useSelectionStore((state): AskChoice['mode'] => (state.streamAnswers ? 'stream' : 'json'));
  const headerProblems = useHeaderProblems({ kind: 'assistant', conversationId: search.left ?? 'side-by-side' });
  const blocked = headerProblems.length ? 'Fix the custom headers first (see above)' : null;
  return (
    <div className="side-by-side">
      <HeadersBlockedNotice problems={headerProblems} action="Sending" />
      {search.left && search.right ? (
        <PairView
          left={search.left}
          right={search.right}
          aligned={search.view === 'aligned'}
          mode={mode}
          blocked={blocked}
          maxUploadBytes={maxUploadBytes}
        />
      ) : (
        <PairSetup
          fallbacks={fallbacks}
          maxUploadBytes={maxUploadBytes}
          replay={search.replay}
          mode={mode}
          blocked={blocked}
        />
      )}
    </div>
  );
}

/** Who answers a conversation, as its list entry says (the assistant of its latest question). */
function useSide(conversationId: string): SideChoice {
  const id = useChat((state) => state.conversations[conversationId]?.assistant?.id);
  const name = useChat((state) => state.conversations[conversationId]?.assistant?.name);
  const model = useChat((state) => state.conversations[conversationId]?.assistant?.model ?? '');
  // A new object only when the entry's assistant changed, so the columns' actions stay put between renders.
  return useMemo(() => ({ assistant: id && name ? { id, name } : null, model }), [id, name, model]);
}

const answeringIn = (conversationId: string) => (state: ChatState) =>
  Object.values(state.live).some((live) => live.conversationId === conversationId);
const queuedIn = (state: ChatState, conversationId: string) =>
  state.conversations[conversationId]?.followUps?.items.length ?? 0;
/** Nothing answers there and nothing waits its turn: a question goes at once. */
const idleIn = (conversationId: string) => (state: ChatState) =>
  !answeringIn(conversationId)(state) && queuedIn(state, conversationId) === 0;
const unreadableIn = (opening: ChatState['opening'][string] | undefined) =>
  opening === 'missing' || opening === 'failed';

interface PairViewProps {
  left: string;
  right: string;
  aligned: boolean;
  mode: AskChoice['mode'];
  blocked: string | null;
  maxUploadBytes?: number | undefined;
}

function PairView({ left, right, aligned, mode, blocked, maxUploadBytes }: PairViewProps) {
  const runtime = useChatRuntime();
  const attachments = useAttachmentsRuntime();
  const leftSide = useSide(left);
  const rightSide = useSide(right);
  // Both are read whichever view shows them (the aligned view after a reload too), and again when the tab comes back.
  useEffect(() => {
    void runtime.open(left);
    void runtime.open(right);
  }, [runtime, left, right]);
  useRefreshOnFocus(left);
  useRefreshOnFocus(right);
  const [shown, setShown] = useState<'left' | 'right'>('left');
  const finished = useChat(
    (state) =>
      state.conversations[left]?.finishedAt !== undefined || state.conversations[right]?.finishedAt !== undefined,
  );
  const draftKey = `side-by-side:${left}:${right}`;
  useSavedDraft(draftKey);
  const unreadable = useChat((state) => [left, right].some((id) => unreadableIn(state.opening[id])));
  // A side answering, or with questions waiting their turn, takes a new question behind them.
  const idle = [useChat(idleIn(left)), useChat(idleIn(right))] as const;
  const busy = !idle[0] || !idle[1];
  const files = useAttachments(draftKey).length;
  const sendBlocked = unreadable
    ? 'One of the two conversations cannot be read: Keep this one goes on with the other'
    : finished
      ? 'One of the two conversations is finished: Keep this one goes on with the other'
      : !leftSide.assistant || !rightSide.assistant
        ? 'Reading the two conversations…'
        : busy && files > 0
          ? 'Files go with a question both sides take at once: send them when both answers have ended'
          : blocked;

  // Each side takes the question at once where nothing runs or waits there, and queues it behind what does, so
  // question i stays question i on both sides. Files go only when both take it at once (see sendBlocked).
  const askBoth = (text: string) => {
    if (sendBlocked || !leftSide.assistant || !rightSide.assistant) return;
    const fileNames = busy ? [] : attachments.take(draftKey);
    const sides = [
      { id: left, side: leftSide.assistant, model: leftSide.model, free: idle[0] },
      { id: right, side: rightSide.assistant, model: rightSide.model, free: idle[1] },
    ];
    for (const { id, side, model, free } of sides) {
      const choice: AskChoice = { assistant: side, model, mode };
      if (free) runtime.ask(id, text, { ...choice, fileNames });
      else runtime.queue(id, text, choice);
    }
  };

  const tabs = [
    { key: 'left' as const, id: `pair-tab-${left}`, side: leftSide, label: 'First' },
    { key: 'right' as const, id: `pair-tab-${right}`, side: rightSide, label: 'Second' },
  ];
  return (
    <>
      <nav className="pair-bar" aria-label="Side by side">
        <span className="pair-bar-title">
          {sideName(leftSide)} <span className="muted">and</span> {sideName(rightSide)}
        </span>
        <Link
          to="/chat/side-by-side"
          search={{ left, right }}
          className="pair-view-link"
          aria-current={aligned ? undefined : 'page'}
        >
          Columns
        </Link>
        <Link
          to="/chat/side-by-side"
          search={{ left, right, view: 'aligned' }}
          className="pair-view-link"
          aria-current={aligned ? 'page' : undefined}
        >
          Aligned, with differences
        </Link>
      </nav>
      <PairQueueNotice conversationId={left} name={sideName(leftSide)} />
      <PairQueueNotice conversationId={right} name={sideName(rightSide)} />
      {unreadable ? (
        <p role="alert" className="pair-unreadable">
          One of the two conversations is not in this browser or on the server (it may have been deleted, or this server
          keeps no conversations). Keep this one goes on with the other.
        </p>
      ) : null}
      {aligned ? (
        <AlignedAnswers
          left={{ conversationId: left, side: leftSide }}
          right={{ conversationId: right, side: rightSide }}
        />
      ) : (
        <>
          <div
            role="tablist"
            aria-label="Which answers"
            className="pair-tabs"
            // Two tabs: either arrow goes to the other one, as a tab list's keys do.
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              event.preventDefault();
              const other = shown === 'left' ? 'right' : 'left';
              setShown(other);
              event.currentTarget.querySelector<HTMLElement>(`[data-tab="${other}"]`)?.focus();
            }}
          >
            {tabs.map((tab) => (
              <button
                key={tab.key}
                type="button"
                role="tab"
                id={tab.id}
                aria-selected={shown === tab.key}
                tabIndex={shown === tab.key ? 0 : -1}
                data-tab={tab.key}
                aria-controls={`${tab.id}-panel`}
                className="pair-tab"
                onClick={() => setShown(tab.key)}
              >
                {tab.label} · {sideName(tab.side)}
              </button>
            ))}
          </div>
          <div className="pair-columns">
            {tabs.map((tab) => (
              <PairColumn
                key={tab.key}
                conversationId={tab.key === 'left' ? left : right}
                label={tab.label}
                side={tab.side}
                mode={mode}
                sendBlocked={sendBlocked}
                hiddenWhenNarrow={shown !== tab.key}
                tabId={tab.id}
              />
            ))}
          </div>
        </>
      )}
      <Composer
        draftKey={draftKey}
        disabledReason={sendBlocked}
        activeTurnId={null}
        maxUploadBytes={maxUploadBytes}
        onSend={askBoth}
        onQueue={askBoth}
        onSendNow={askBoth}
      />
    </>
  );
}
