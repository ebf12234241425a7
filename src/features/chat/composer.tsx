import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useChat, useChatRuntime } from './chat-provider';

interface ComposerProps {
  /** Whose draft this is: the conversation id, or the new chat's key. */
  draftKey: string;
  conversationId: string | null;
  disabledReason: string | null;
  activeTurnId: string | null;
  /** `editing` is the turn the text is a new version of, if any. */
  onSend(text: string, editing: string | null): void;
}

/** The message box: Enter sends, Shift+Enter breaks the line, and text being composed by an IME is never sent. */
export function Composer({ draftKey, conversationId, disabledReason, activeTurnId, onSend }: ComposerProps) {
  const runtime = useChatRuntime();
  const draft = useChat((state) => state.drafts[draftKey] ?? '');
  const editing = useChat((state) => (conversationId ? (state.editing[draftKey] ?? null) : null));
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 320)}px`;
  }, [draft]);

  // "Edit question" hands the question over here: the keyboard follows it.
  useEffect(() => {
    if (editing) textarea.current?.focus();
  }, [editing]);

  const send = () => {
    const text = draft.trim();
    if (!text || disabledReason || activeTurnId) return;
    onSend(text, editing);
    runtime.draftChanged(draftKey, '');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && editing) return runtime.cancelEditing(draftKey);
    // keyCode 229 is what browsers report for keys that an IME is still handling.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    <form className="composer" onSubmit={onSubmit}>
      {editing ? (
        <p className="composer-editing small">
          Sending makes a new version of the question; the earlier one stays.{' '}
          <button type="button" className="link-button" onClick={() => runtime.cancelEditing(draftKey)}>
            Cancel editing
          </button>
        </p>
      ) : null}
      <label htmlFor="composer-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={textarea}
        rows={1}
        placeholder={disabledReason ?? 'Ask something… (Enter to send, Shift+Enter for a new line)'}
        value={draft}
        onChange={(event) => runtime.draftChanged(draftKey, event.target.value)}
        onKeyDown={onKeyDown}
      />
      {activeTurnId ? (
        <button
          type="button"
          className="button button-stop"
          onClick={() => {
            runtime.stop(activeTurnId);
            // Stop disappears with the answer it stopped; the keyboard stays in the composer.
            textarea.current?.focus();
          }}
        >
          Stop
        </button>
      ) : (
        <button type="submit" className="button button-primary" disabled={Boolean(disabledReason) || draft.trim() === ''}>
          {editing ? 'Send edit' : 'Send'}
        </button>
      )}
    </form>
  );
}
