import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { download, fileStamp } from '@/lib/download';
import { useChatRuntime } from './chat-provider';

const fileName = (title: string, extension: string) => {
  const base = title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 40) || 'conversation';
  return `${base}-${fileStamp()}.${extension}`;
};

/** One conversation in the rail: its link, and a menu to rename, export or delete it. */
export function ConversationItem({ summary, current, onDelete }: { summary: ConversationSummary; current: boolean; onDelete(): void }) {
  const runtime = useChatRuntime();
  const [menu, setMenu] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(summary.title);
  const exportAs = async (format: 'json' | 'markdown') => {
    setMenu(false);
    const text = await runtime.exportFile(summary.id, format);
    if (text === null) return;
    if (format === 'json') download(fileName(summary.title, 'json'), 'application/json', text);
    else download(fileName(summary.title, 'md'), 'text/markdown', text);
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    runtime.rename(summary.id, title);
    setRenaming(false);
  };

  if (renaming) {
    return (
      <li className="conversation-item">
        <form onSubmit={rename} className="row">
          <input
            aria-label="Conversation title"
            value={title}
            autoFocus
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setRenaming(false)}
          />
          <button type="submit" className="button button-small">
            Save
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className="conversation-item" onKeyDown={(event) => event.key === 'Escape' && setMenu(false)}>
      <Link
        to="/chat/$conversationId"
        params={{ conversationId: summary.id }}
        aria-current={current ? 'page' : undefined}
        aria-describedby={summary.assistant ? `${summary.id}-assistant` : undefined}
        title={summary.title}
      >
        {summary.title}
      </Link>
      <button
        type="button"
        className="link-button conversation-more"
        aria-label={`More actions for ${summary.title}`}
        aria-expanded={menu}
        onClick={() => setMenu(!menu)}
      >
        ⋯
      </button>
      {summary.assistant ? (
        <span id={`${summary.id}-assistant`} className="conversation-assistant muted small">
          {summary.assistant.name}
          {summary.assistant.model ? ` · ${summary.assistant.model}` : ''}
        </span>
      ) : null}
      {menu ? (
        <div className="conversation-menu" role="group" aria-label={`Actions for ${summary.title}`}>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMenu(false);
              setTitle(summary.title);
              setRenaming(true);
            }}
          >
            Rename
          </button>
          <button type="button" className="link-button" onClick={() => void exportAs('markdown')}>
            Export Markdown
          </button>
          <button type="button" className="link-button" onClick={() => void exportAs('json')}>
            Export JSON
          </button>
          <button
            type="button"
            className="link-button danger"
            onClick={() => {
              setMenu(false);
              onDelete();
            }}
          >
            Delete
          </button>
        </div>
      ) : null}
    </li>
  );
}
