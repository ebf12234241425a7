import { useState } from 'react';
import type { FollowUps } from './use-follow-ups';
import './queue.css';

interface FollowUpQueueProps {
  queue: FollowUps;
  /** Why the queue does not go on by itself (the last answer failed, the assistant waits for the person). */
  pausedBecause: string | null;
  /** Sends the first queued question now (when the queue is paused). */
  onSendNext(): void;
}

/**
 * The questions typed while an answer streams, as chips above the composer: each can be edited, removed, or moved
 * earlier or later (buttons for the keyboard, or dragged by its grip with the pointer). They go one per turn, in order.
 */
export function FollowUpQueue({ queue, pausedBecause, onSendNext }: FollowUpQueueProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (queue.items.length === 0) return null;
  const dropAt = (index: number) => {
    const from = queue.items.findIndex((item) => item.id === dragged);
    if (dragged && from >= 0 && from !== index) queue.move(dragged, index - from);
    setDragged(null);
    setOver(null);
  };
  return (
    <section className="follow-ups" aria-label="Queued questions">
      {pausedBecause ? (
        <p className="follow-ups-paused small" role="status">
          The queue is paused: {pausedBecause}{' '}
          <button type="button" className="button button-small" onClick={onSendNext}>
            Send the next one
          </button>
        </p>
      ) : (
        <p className="muted small follow-ups-note">Sent one at a time, in this order, when the answer ends.</p>
      )}
      <ol className="follow-ups-list">
        {queue.items.map((item, index) => (
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
                  if (event.key === 'Enter') event.currentTarget.blur();
                  if (event.key === 'Escape') setEditing(null);
                }}
              />
            ) : (
              <button
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
              disabled={index === queue.items.length - 1}
              onClick={() => queue.move(item.id, 1)}
            >
              ↓
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
