import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useShortcut } from '@/ui/shortcuts-registry';
import { useChat, useChatRuntime } from './chat-provider';
import { chatShortcuts, useComposerFocus } from './chat-shortcuts';

const maxComposerHeight = 320;

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
    // scrollHeight leaves the borders out, a border-box height counts them: without them one line overflows.
    const borders = element.offsetHeight - element.clientHeight;
    const wanted = element.scrollHeight + borders;
    element.style.height = `${Math.min(wanted, maxComposerHeight)}px`;
    element.style.overflowY = wanted > maxComposerHeight ? 'auto' : 'hidden';
  }, [draft]);

  // "Edit question" hands the question over here: the keyboard follows it.
  useEffect(() => {
    if (editing) textarea.current?.focus();
  }, [editing]);

  // "New chat" from another screen asked for the message box before this one was mounted.
  const focusPending = useComposerFocus((state) => state.pending);
  const focusTaken = useComposerFocus((state) => state.taken);
  useEffect(() => {
    if (!focusPending) return;
    textarea.current?.focus();
    focusTaken();
  }, [focusPending, focusTaken]);

  useShortcut(chatShortcuts.focusComposer, () => {
    textarea.current?.focus();
    // Behind an open drawer the box cannot take focus: the key is then left alone.
    return document.activeElement === textarea.current;
  });
  useShortcut(
    chatShortcuts.stop,
    (event) => {
      // Esc elsewhere (a menu, a picker, a tree) means "close that", not "stop the answer".
      if (!activeTurnId || (event.target !== textarea.current && event.target !== document.body)) return false;
      runtime.stop(activeTurnId);
    },
    activeTurnId !== null,
  );

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
    if (event.key === 'Escape' && editing) {
      // Esc leaves editing here; it does not also stop an answer.
      event.preventDefault();
      return runtime.cancelEditing(draftKey);
    }
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
        placeholder={disabledReason ?? 'Ask something…'}
        title="Enter sends, Shift+Enter starts a new line"
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
