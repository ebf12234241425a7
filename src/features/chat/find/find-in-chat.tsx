import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { FindableTurn } from '@/domain/conversations/search/find';
import { Button } from '@/ui/button';
import { useShortcut } from '@/ui/shortcuts/shortcuts-registry';
import { chatShortcuts } from '@/features/chat/chat-shortcuts';
import { useFind } from './use-find';
import { useRevealMatch } from './use-reveal-match';
import './find.css';

interface FindInChatProps {
  /** The turns as shown (one version each), in order: what find searches. */
  turns: readonly FindableTurn[];
  scroller: RefObject<HTMLDivElement | null>;
  /** Brings the turn at this index into view; the transcript stops following the end. */
  scrollToTurn(index: number): void;
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Ctrl/⌘+F in the chat page: a find bar above the transcript that searches every turn of the conversation (mounted
 * or not), thought trees included. The browser's own find sees only the turns on screen, so this one takes the keys
 * while the chat page has the keyboard; Esc closes it and gives the keyboard back.
 */
export function FindInChat({ turns, scroller, scrollToTurn }: FindInChatProps) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const find = useFind(turns, open);
  useRevealMatch({ match: open ? find.match : undefined, query: find.searched, scroller, scrollToTurn });

  useShortcut(chatShortcuts.findInConversation, (event) => {
    const target = event.target instanceof Element ? event.target : null;
    // The chat page (or nothing) has the keyboard; elsewhere (the inspector, a dialog) the browser's find stays.
    if (target !== document.body && !target?.closest('.chat')) return false;
    if (!open) returnTo.current = target instanceof HTMLElement && target !== document.body ? target : null;
    setOpen(true);
    requestAnimationFrame(() => input.current?.select());
    input.current?.focus();
  });

  const close = () => {
    setOpen(false);
    const back = returnTo.current?.isConnected ? returnTo.current : scroller.current;
    back?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      find.step(event.shiftKey ? -1 : 1);
    }
  };

  if (!open) return null;
  const { matches, capped } = find.result;
  const status =
    find.searched.trim() === ''
      ? ''
      : matches.length === 0
        ? 'No matches'
        : `${count(find.current + 1)} of ${count(matches.length)}${capped ? '+' : ''}`;
  const none = matches.length === 0;
  return (
    <div className="find-bar" role="search" aria-label="Find in this conversation">
      <input
        ref={input}
        className="find-input"
        type="text"
        autoFocus
        aria-label="Find in this conversation"
        placeholder="Find in this conversation"
        value={find.query}
        onChange={(event) => find.queryChanged(event.target.value)}
        onKeyDown={onKeyDown}
        spellCheck={false}
        autoComplete="off"
      />
      <span className="find-count muted small" role="status" aria-live="polite">
        {status}
      </span>
      <Button
        size="small"
        variant="quiet"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={none}
        onClick={() => find.step(-1)}
      >
        ↑
      </Button>
      <Button
        size="small"
        variant="quiet"
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={none}
        onClick={() => find.step(1)}
      >
        ↓
      </Button>
      <Button size="small" variant="quiet" aria-label="Close find" title="Close (Esc)" onClick={close}>
        ✕
      </Button>
    </div>
  );
}
