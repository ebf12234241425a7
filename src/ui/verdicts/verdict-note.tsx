import { useRef, useState } from 'react';
import { Button } from '@/ui/button';
import './verdicts.css';

/** A judgement's note: shown under its verdict, edited in place (Enter or leaving the field keeps it, Esc does not). */
export function VerdictNote({
  note,
  rowName,
  onSave,
}: {
  note: string | undefined;
  rowName: string;
  onSave(note: string): void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note ?? '');
  // Set once Enter or Esc has decided: the blur that moving the focus back to the row causes decides nothing more.
  const closed = useRef(false);
  if (editing) {
    const done = (keep: boolean, field?: HTMLElement) => {
      if (closed.current) return;
      closed.current = true;
      if (keep && text.trim() !== (note ?? '')) onSave(text);
      setEditing(false);
      // Back to the row, so its keys go on working.
      field?.closest<HTMLElement>('[data-verdict-row]')?.focus();
    };
    return (
      <input
        className="verdict-note-input"
        aria-label={`Note on ${rowName}`}
        value={text}
        maxLength={2000}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onBlur={() => done(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') done(true, event.currentTarget);
          if (event.key === 'Escape') {
            event.stopPropagation();
            done(false, event.currentTarget);
          }
        }}
      />
    );
  }
  return (
    <span className="verdict-note">
      {note ? <span className="small">{note}</span> : null}
      <Button
        variant="link"
        size="small"
        className="small"
        aria-label={`${note ? 'Edit the note' : 'Add a note'} on ${rowName}`}
        onClick={() => {
          closed.current = false;
          setText(note ?? '');
          setEditing(true);
        }}
      >
        {note ? 'Edit note' : 'Note…'}
      </Button>
    </span>
  );
}
