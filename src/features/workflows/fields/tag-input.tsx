import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { addTags, duplicatesNote, removeTag, tagLimits } from '@/domain/workflows/request/tags';
import './fields.css';

interface TagInputProps {
  label: string;
  tags: readonly string[];
  draft: string;
  onTagsChange(tags: string[]): void;
  onDraftChange(text: string): void;
}

/**
 * Tags as chips: Enter or a comma adds what was typed, a pasted list becomes several tags, Backspace in an
 * empty field removes the last one. What cannot be added stays in the field with the reason underneath.
 */
export function TagInput({ label, tags, draft, onTagsChange, onDraftChange }: TagInputProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const commit = (text: string) => {
    if (text.trim() === '') return;
    const result = addTags(tags, text);
    const added = result.tags.slice(tags.length);
    if (added.length > 0) onTagsChange(result.tags);
    onDraftChange(result.rejected.join(', '));
    const note = duplicatesNote(result.duplicates);
    setProblems(note ? [...result.problems, note] : result.problems);
    if (added.length > 0) setAnnouncement(`Added tag${added.length === 1 ? '' : 's'} ${added.join(', ')}`);
  };
  const remove = (index: number) => {
    const tag = tags[index];
    onTagsChange(removeTag(tags, index));
    setProblems([]);
    if (tag !== undefined) setAnnouncement(`Removed tag ${tag}`);
    inputRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      remove(tags.length - 1);
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!/[,\n\r\t]/.test(pasted)) return;
    event.preventDefault();
    commit(`${draft}${pasted}`);
  };
  return (
    <div className="field tag-field">
      <label htmlFor={id}>{label}</label>
      <div className="tag-box">
        <ul className="tag-list" aria-label={`${label}: ${tags.length} of ${tagLimits.count}`}>
          {tags.map((tag, index) => (
            <li key={tag} className="chip tag-chip">
              <span className="mono chip-text" title={tag}>
                {tag}
              </span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => remove(index)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          ref={inputRef}
          id={id}
          value={draft}
          placeholder={tags.length ? '' : 'e.g. nightly, customer-42'}
          aria-describedby={`${id}-hint${problems.length ? ` ${id}-problems` : ''}`}
          aria-invalid={problems.length > 0 && draft !== '' ? true : undefined}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => commit(draft)}
        />
      </div>
      <p id={`${id}-hint`} className="muted small">
        Enter or comma adds a tag; paste a list to add several. Up to {tagLimits.count} tags of {tagLimits.length}{' '}
        characters. Tags become trace tags.
      </p>
      {problems.length ? (
        <ul id={`${id}-problems`} className="field-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem} className="field-error">
              {problem}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
