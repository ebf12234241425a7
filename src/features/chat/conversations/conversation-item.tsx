import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { highlight, type TextPart } from '@/domain/conversations/search/snippet';
import { download, fileStamp } from '@/lib/download';
import { Button } from '@/ui/button';
import { ActionMenu, type MenuAction } from '@/ui/menu';
import { ConfirmInline } from '@/ui/confirm-inline';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import { HighlightedText } from './highlighted-text';
import { useConversationSharing, type SharingKind, type SharingSupport } from './sharing/conversation-sharing';
import './conversations.css';

const fileName = (title: string, extension: string) => {
  const base =
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'conversation';
  return `${base}-${fileStamp()}.${extension}`;
};

interface ConversationItemProps {
  summary: ConversationSummary;
  current: boolean;
  /** The search typed in the rail: its words are marked in the title. */
  query: string;
  /** Where the conversation matched the search, when its title does not say. */
  snippet?: readonly TextPart[] | undefined;
  /** False once the server answered that it cannot finish chats (no such route): Finish chat is off, and says why. */
  canFinish: boolean;
  /** Finishes the chat (asked first here); resolves when the server has answered. */
  onFinish(): Promise<void>;
  onDelete(): void;
  /** Share link and server export, off once the server answered that it has no such route. */
  sharing: SharingSupport;
  onSharingUnsupported(kind: SharingKind): void;
}

/** What goes on in a conversation, in a few words for its row: answering, waiting for the person, questions queued. */
function useConversationState(summary: ConversationSummary): string | null {
  const answering = useChat((state) => Object.values(state.live).some((live) => live.conversationId === summary.id));
  const queued = summary.followUps?.items.length ?? 0;
  const parts = [
    answering ? 'answering' : summary.waiting ? 'waits for you' : '',
    queued > 0 ? `${queued} queued${summary.followUps?.paused ? ', paused' : ''}` : '',
    summary.finishedAt !== undefined && !answering ? 'finished' : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** One conversation in the rail: its link, who answered, where a search matched, and a menu to rename, export or delete it. */
/** The menu's Finish chat: only for an open chat; off, with the reason in its name, where the server cannot. */
function finishAction(summary: ConversationSummary, canFinish: boolean, ask: () => void): MenuAction[] {
  if (summary.finishedAt !== undefined) return [];
  return [
    canFinish
      ? { id: 'finish', label: 'Finish chat…', onAction: ask }
      : { id: 'finish', label: 'Finish chat (this server cannot)', disabled: true, onAction: ask },
  ];
}

export function ConversationItem({
  summary,
  current,
  query,
  snippet,
  canFinish,
  onFinish,
  onDelete,
  sharing,
  onSharingUnsupported,
}: ConversationItemProps) {
  const runtime = useChatRuntime();
  const navigate = useNavigate();
  const state = useConversationState(summary);
  const answering = state?.startsWith('answering') ?? false;
  const link = useRef<HTMLAnchorElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [renaming, setRenaming] = useState(false);
  const [finishing, setFinishing] = useState<'asked' | 'sent' | null>(null);
  const [title, setTitle] = useState(summary.title);
  const shared = useConversationSharing(summary, sharing, onSharingUnsupported);
  // The menu that asked for the rename keeps the page inert until it has gone, which autoFocus would not wait for.
  useEffect(() => {
    if (!renaming) return;
    const frame = requestAnimationFrame(() => field.current?.select());
    return () => cancelAnimationFrame(frame);
  }, [renaming]);
  // Never rejects: the runtime reports an export that failed as the chat's problem.
  const exportAs = async (format: 'json' | 'markdown') => {
    const text = await runtime.exportFile(summary.id, format);
    if (text === null) return;
    if (format === 'json') download(fileName(summary.title, 'json'), 'application/json', text);
    else download(fileName(summary.title, 'md'), 'text/markdown', text);
  };
  // Back on the conversation's link, so the keyboard carries on from where it left.
  const stopRenaming = () => {
    flushSync(() => setRenaming(false));
    link.current?.focus();
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    runtime.rename(summary.id, title);
    stopRenaming();
  };

  if (renaming) {
    return (
      <li className="conversation-item">
        <form onSubmit={rename} className="row">
          <input
            ref={field}
            aria-label="Conversation title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && stopRenaming()}
          />
          <Button type="submit" size="small">
            Save
          </Button>
        </form>
      </li>
    );
  }
  const assistantId = `${summary.id}-assistant`;
  const snippetId = `${summary.id}-snippet`;
  const stateId = `${summary.id}-state`;
  const describedBy = [state ? stateId : '', summary.assistant ? assistantId : '', snippet ? snippetId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li className="conversation-item">
      <Link
        ref={link}
        to="/chat/$conversationId"
        params={{ conversationId: summary.id }}
        aria-current={current ? 'page' : undefined}
        aria-describedby={describedBy || undefined}
        title={summary.title}
      >
        {query.trim() ? <HighlightedText parts={highlight(summary.title, query)} /> : summary.title}
      </Link>
      <ActionMenu
        label={`More actions for ${summary.title}`}
        actions={[
          {
            id: 'rename',
            label: 'Rename',
            onAction: () => {
              setTitle(summary.title);
              setRenaming(true);
            },
          },
          summary.pinned
            ? { id: 'unpin', label: 'Unpin', onAction: () => runtime.pin(summary.id, false) }
            : { id: 'pin', label: 'Pin', onAction: () => runtime.pin(summary.id, true) },
          ...finishAction(summary, canFinish, () => setFinishing('asked')),
          {
            id: 'replay',
            label: 'Replay on another assistant…',
            onAction: () => void navigate({ to: '/chat/side-by-side', search: { replay: summary.id } }),
          },
          shared.shareAction,
          { id: 'markdown', label: 'Export as Markdown', onAction: () => void exportAs('markdown') },
          { id: 'json', label: 'Export as JSON', onAction: () => void exportAs('json') },
          shared.exportAction,
          { id: 'delete', label: 'Delete', danger: true, onAction: onDelete },
        ]}
      />
      {finishing ? (
        <ConfirmInline
          label={`Finish ${summary.title}`}
          confirm="Finish chat"
          busyText="Finishing…"
          busy={finishing === 'sent'}
          onConfirm={() => {
            setFinishing('sent');
            void onFinish().finally(() => {
              setFinishing(null);
              link.current?.focus();
            });
          }}
          cancel="Cancel"
          onCancel={() => {
            setFinishing(null);
            link.current?.focus();
          }}
        >
          <span className="small">It will take no more messages.</span>
        </ConfirmInline>
      ) : null}
      {shared.panel}
      {state ? (
        <span
          id={stateId}
          className={`conversation-state small${summary.waiting && !answering ? ' conversation-state-waiting' : ''}`}
        >
          {answering ? <span className="live-dot" aria-hidden="true" /> : null}
          {state}
        </span>
      ) : null}
      {summary.assistant ? (
        <span id={assistantId} className="conversation-assistant muted small">
          {summary.assistant.name}
          {summary.assistant.model ? ` · ${summary.assistant.model}` : ''}
        </span>
      ) : null}
      {snippet ? (
        <span id={snippetId} className="conversation-snippet small">
          <HighlightedText parts={snippet} />
        </span>
      ) : null}
    </li>
  );
}
