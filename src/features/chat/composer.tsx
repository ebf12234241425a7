import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useChatStore } from './chat-store';

interface ComposerProps {
  disabledReason: string | null;
  activeTurnId: string | null;
  onSend(text: string): void;
  onStop(turnId: string): void;
}

/** The message box: Enter sends, Shift+Enter breaks the line, and text being composed by an IME is never sent. */
export function Composer({ disabledReason, activeTurnId, onSend, onStop }: ComposerProps) {
  const draft = useChatStore((state) => state.draft);
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 320)}px`;
  }, [draft]);

  const send = () => {
    const text = draft.trim();
    if (!text || disabledReason || activeTurnId) return;
    onSend(text);
    useChatStore.getState().draftChanged('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // keyCode 229 is what browsers report for keys that an IME is still handling.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    <form className="composer" onSubmit={onSubmit}>
      <label htmlFor="composer-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={textarea}
        rows={1}
        placeholder={disabledReason ?? 'Ask something… (Enter to send, Shift+Enter for a new line)'}
        value={draft}
        onChange={(event) => useChatStore.getState().draftChanged(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {activeTurnId ? (
        <button
          type="button"
          className="button button-stop"
          onClick={() => {
            onStop(activeTurnId);
            // Stop disappears with the answer it stopped; the keyboard stays in the composer.
            textarea.current?.focus();
          }}
        >
          Stop
        </button>
      ) : (
        <button type="submit" className="button button-primary" disabled={Boolean(disabledReason) || draft.trim() === ''}>
          Send
        </button>
      )}
    </form>
  );
}
