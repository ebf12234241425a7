import { useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { groupByRecency } from '@/domain/conversations/grouping';
import { useShortcut } from '@/ui/shortcuts/shortcuts-registry';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import { chatShortcuts, useComposerFocus } from '@/features/chat/chat-shortcuts';
import { ConversationImport } from './conversation-import';
import { ConversationItem } from './conversation-item';
import { type SharingKind, type SharingSupport } from './sharing/conversation-sharing';
import { useOnVisible } from './use-on-visible';
import { useConversationRows } from './use-conversation-rows';
import { useSearchSnippets } from './use-conversation-search';
import './conversations.css';
import '@/ui/button.css';

const pageSize = 100;

/** Which conversations the rail shows: all, the open ones, or the finished ones (current servers finish chats). */
type Shown = 'all' | 'open' | 'finished';
const shownOf = (value: string): Shown => (value === 'open' || value === 'finished' ? value : 'all');
const showsRow = (shown: Shown, finishedAt: number | undefined) =>
  shown === 'all' || (shown === 'finished') === (finishedAt !== undefined);

interface Undo {
  title: string;
  run(): Promise<void>;
}

/**
 * The rail under Chat: new chat, search, import, and the conversations by recency. `onReveal` shows the rail
 * where it is folded away (the narrow-screen drawer), so the search shortcut can reach its field.
 */
export function ConversationList({ onReveal }: { onReveal?: (() => void) | undefined }) {
  const runtime = useChatRuntime();
  const navigate = useNavigate();
  const openId = useParams({ strict: false }).conversationId;
  const listStatus = useChat((state) => state.listStatus);
  const problem = useChat((state) => state.problem);
  const [query, setQuery] = useState('');
  const [undo, setUndo] = useState<Undo | null>(null);
  const searchId = useId();
  const search = useRef<HTMLInputElement>(null);
  const requestComposerFocus = useComposerFocus((state) => state.requested);
  const [limit, setLimit] = useState(pageSize);
  const rows = useConversationRows(query);
  const [showing, setShowing] = useState<Shown>('all');
  const filterId = useId();
  // Until the server answers that it has no finish route (a 2.42 server): then Finish chat is off for this list.
  const [canFinish, setCanFinish] = useState(true);
  // Likewise Share link and the server's export, each off once the server answers that it has no such route.
  const [sharing, setSharing] = useState<SharingSupport>({ share: true, export: true });
  const sharingUnsupported = useCallback((kind: SharingKind) => setSharing((now) => ({ ...now, [kind]: false })), []);
  const found = useMemo(
    () => (showing === 'all' ? rows.found : rows.found.filter((row) => showsRow(showing, row.finishedAt))),
    [rows.found, showing],
  );
  // Thousands of conversations: the newest are shown first, the rest on request, so typing in the search stays instant.
  const shown = useMemo(() => [...found].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit), [found, limit]);
  // The day boundary is read when the list changes; a list left open overnight regroups on the next change.
  const groups = useMemo(() => groupByRecency(shown, Date.now()), [shown]);
  const snippets = useSearchSnippets(shown, query);
  // A search asks the server's own search: its list is not paged through meanwhile.
  const canShowMore = found.length > shown.length || (rows.hasMore && !query.trim());
  // Older ones come as the list is scrolled to its end: those read already first, then the server's next page.
  const showMore = () => {
    if (found.length <= shown.length) rows.loadMore();
    setLimit((current) => current + pageSize);
  };
  const end = useOnVisible<HTMLDivElement>(canShowMore && !rows.loadingMore ? showMore : null);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), 8000);
    return () => clearTimeout(timer);
  }, [undo]);

  // Asked once the new chat's screen is there: the composer of the conversation being left would take it otherwise.
  const newChat = () => void navigate({ to: '/chat' }).then(requestComposerFocus);
  useShortcut(chatShortcuts.newChat, newChat);
  useShortcut(chatShortcuts.searchConversations, () => {
    // Rendered at once, so the field is visible (focusable) on the next line.
    if (onReveal) flushSync(onReveal);
    search.current?.focus();
    search.current?.select();
  });

  // Never rejects: the runtime reports a delete that failed as the chat's problem.
  const remove = async (id: string, title: string) => {
    if (id === openId) await navigate({ to: '/chat' });
    const run = await runtime.remove(id);
    setUndo(run ? { title, run } : null);
  };

  const finish = async (id: string) => {
    if ((await runtime.finish(id)) === 'unsupported') setCanFinish(false);
  };

  return (
    <div className="conversations" role="region" aria-label="Conversations">
      <div className="row">
        <button type="button" className="button button-small" onClick={newChat}>
          New chat
        </button>
        <ConversationImport
          onImported={(id) => navigate({ to: '/chat/$conversationId', params: { conversationId: id } })}
        />
      </div>
      <div className="conversation-find">
        <label htmlFor={searchId} className="visually-hidden">
          Search conversations
        </label>
        <input
          id={searchId}
          ref={search}
          type="search"
          className="conversation-search"
          placeholder="Search conversations"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <label htmlFor={filterId} className="visually-hidden">
          Show chats
        </label>
        <select id={filterId} value={showing} onChange={(event) => setShowing(shownOf(event.target.value))}>
          <option value="all">All</option>
          <option value="open">Open</option>
          <option value="finished">Finished</option>
        </select>
      </div>
      {!canFinish ? (
        <p className="muted small" role="status">
          This server cannot finish chats (it has no finish route); nothing was changed.
        </p>
      ) : null}
      {!sharing.share || !sharing.export ? (
        <p className="muted small" role="status">
          This server cannot{' '}
          {[!sharing.share ? 'share chats by link' : '', !sharing.export ? 'export chats as files' : '']
            .filter(Boolean)
            .join(' or ')}{' '}
          (it has no such route).
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="field-error small">
          {problem}
        </p>
      ) : null}
      {undo ? (
        <p className="undo-bar small" role="status">
          Deleted “{undo.title}”. {/* The runtime reports an undo that failed; the bar goes either way. */}
          <button type="button" className="link-button" onClick={() => void undo.run().then(() => setUndo(null))}>
            Undo
          </button>
        </p>
      ) : null}
      {listStatus === 'loading' ? <p className="muted small skeleton">Loading conversations…</p> : null}
      {listStatus === 'ready' && groups.length === 0 ? (
        <p className="muted small">
          {query.trim()
            ? `Nothing matches “${query.trim()}”.`
            : showing !== 'all'
              ? `No ${showing} chats.`
              : 'Your conversations will appear here.'}
        </p>
      ) : null}
      {groups.map((group) => (
        <section key={group.label} className="conversation-group" aria-label={group.label}>
          <h2 className="conversation-group-title">{group.label}</h2>
          <ul>
            {group.items.map((summary) => (
              <ConversationItem
                key={summary.id}
                summary={summary}
                current={summary.id === openId}
                query={query}
                snippet={snippets.get(summary.id)}
                canFinish={canFinish}
                onFinish={() => finish(summary.id)}
                onDelete={() => void remove(summary.id, summary.title)}
                sharing={sharing}
                onSharingUnsupported={sharingUnsupported}
              />
            ))}
          </ul>
        </section>
      ))}
      {rows.server === 'failed' ? (
        <p className="muted small">The server’s conversations could not be read; those in this browser are shown.</p>
      ) : null}
      {canShowMore ? (
        <button type="button" className="link-button small" onClick={showMore} disabled={rows.loadingMore}>
          {rows.loadingMore
            ? 'Loading older conversations…'
            : found.length > shown.length
              ? `Show more (${found.length - shown.length} older)`
              : 'Show older'}
        </button>
      ) : null}
      <div ref={end} className="conversation-list-end" aria-hidden="true" />
    </div>
  );
}
