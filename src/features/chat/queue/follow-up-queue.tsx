import { useEffect, useRef, useState } from 'react';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import { QueueStateLine } from './queue-state-line';
import './queue.css';

interface FollowUpQueueProps {
  conversationId: string;
  /** Scrolls to what waits for the person in this chat (a tool call to allow, a form). */
  onShowWaiting(): void;
}

/**
 * The questions queued in a chat, as chips above the composer: each can be sent now, edited, removed, or moved earlier
 * or later (buttons for the keyboard, or dragged by its grip with the pointer). They go one per turn, in order, sent by
 * the chat runtime whatever screen is open; the line above says whether they go on, wait, or are paused, and why.
 */
export function FollowUpQueue({ conversationId, onShowWaiting }: FollowUpQueueProps) {
  const runtime = useChatRuntime();
  const summary = useChat((state) => state.conversations[conversationId]);
  const running = useChat((state) => Object.values(state.live).some((live) => live.conversationId === conversationId));
  const [editing, setEditing] = useState<string | null>(null);
  // An edit ended from the keyboard gives it back to the chip, not to the page's body.
  const chips = useRef(new Map<string, HTMLButtonElement>());
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    if (returnTo === null || editing !== null) return;
    chips.current.get(returnTo)?.focus();
    setReturnTo(null);
  }, [returnTo, editing]);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const items = summary?.followUps?.items ?? [];
  if (!summary || items.length === 0) return null;
  const queue = {
    move: (id: string, by: number) => runtime.moveQueued(conversationId, id, by),
    edit: (id: string, text: string) => runtime.editQueued(conversationId, id, text),
    remove: (id: string) => runtime.removeQueued(conversationId, id),
  };
  const dropAt = (index: number) => {
    const from = items.findIndex((item) => item.id === dragged);
    if (dragged && from >= 0 && from !== index) queue.move(dragged, index - from);
    setDragged(null);
    setOver(null);
  };
  return (
    <section className="follow-ups" aria-label="Queued questions">
      <QueueStateLine
        conversationId={conversationId}
        paused={summary.followUps?.paused}
        waiting={summary.waiting}
        running={running}
        onShowWaiting={onShowWaiting}
      />
      <ol className="follow-ups-list">
        {items.map((item, index) => (
          <li
            key={item.id}
            className={`follow-up-chip${over === index && dragged !== item.id ? ' follow-up-drop' : ''}`}
            onDragOver={(event) => {
              if (!dragged) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(index);
            }}
            onDragLeave={() => setOver((now) => (now === index ? null : now))}
            onDrop={(event) => {
              event.preventDefault();
              dropAt(index);
            }}
          >
            <span
              className="follow-up-grip"
              draggable
              title="Drag to reorder"
              aria-hidden="true"
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.text);
                setDragged(item.id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
            >
              ⠿
            </span>
            {editing === item.id ? (
              <input
                className="follow-up-input"
                aria-label={`Queued question ${index + 1}`}
                defaultValue={item.text}
                autoFocus
                onBlur={(event) => {
                  queue.edit(item.id, event.target.value);
                  setEditing(null);
                }}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' && event.key !== 'Escape') return;
                  // Not also a press of the chip the keyboard goes back to (it would open the edit again).
                  event.preventDefault();
                  setReturnTo(item.id);
                  if (event.key === 'Enter') event.currentTarget.blur();
                  else setEditing(null);
                }}
              />
            ) : (
              <button
                ref={(element) => {
                  if (element) chips.current.set(item.id, element);
                  else chips.current.delete(item.id);
                }}
                type="button"
                className="follow-up-text"
                title="Edit this queued question"
                onClick={() => setEditing(item.id)}
              >
                {item.text}
              </button>
            )}
            <button
              type="button"
              className="button button-small"
              aria-label={`Move “${item.text.slice(0, 40)}” earlier`}
              disabled={index === 0}
              onClick={() => queue.move(item.id, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button-small"
              aria-label={`Move “${item.text.slice(0, 40)}” later`}
              disabled={index === items.length - 1}
              onClick={() => queue.move(item.id, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="button button-small"
              aria-label={`Send “${item.text.slice(0, 40)}” now`}
              title={running ? 'Stop the answer and send this now' : 'Send this now'}
              onClick={() => runtime.sendQueuedNow(conversationId, item.id)}
            >
              Send now
            </button>
            <button
              type="button"
              className="button button-small"
              aria-label={`Remove “${item.text.slice(0, 40)}” from the queue`}
              onClick={() => queue.remove(item.id)}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
