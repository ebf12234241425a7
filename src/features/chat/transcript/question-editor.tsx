import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/ui/button';
import { useChatRuntime } from '@/features/chat/runtime/use-chat';
import { useEditorFocus } from './editor-focus';
import { useAutoHeight } from '@/features/chat/composer/use-auto-height';

const maxEditorHeight = 320;

interface QuestionEditorProps {
  conversationId: string;
  turnId: string;
  text: string;
  /** Why the edit cannot be sent now (an answer in flight, no assistant…), if so. */
  blocked: string | null;
  onSend(text: string): void;
  onCancel(): void;
}

/**
 * The question being edited where it stands: Enter sends it as a new version, Shift+Enter breaks the line, Esc
 * cancels. Its text is a draft of its own (saved as typed), so the composer's draft is never touched.
 */
export function QuestionEditor({ conversationId, turnId, text, blocked, onSend, onCancel }: QuestionEditorProps) {
  const runtime = useChatRuntime();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  useAutoHeight(textarea, text, maxEditorHeight);
  const focusWanted = useEditorFocus((state) => state.pending === turnId);
  const focusTaken = useEditorFocus((state) => state.taken);
  useEffect(() => {
    const element = textarea.current;
    if (!focusWanted || !element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
    focusTaken();
  }, [focusWanted, focusTaken]);

  const canSend = text.trim() !== '' && blocked === null;
  const send = () => {
    if (canSend) onSend(text.trim());
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      // Esc here leaves editing; it neither stops an answer nor closes anything around the transcript.
      event.preventDefault();
      event.stopPropagation();
      return onCancel();
    }
    // keyCode 229 is what browsers report for keys that an IME is still handling.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    <form className="question-editor" aria-label="Edit question" onSubmit={onSubmit}>
      <textarea
        ref={textarea}
        rows={1}
        aria-label="Edited question"
        aria-describedby={hintId}
        value={text}
        onChange={(event) => runtime.editChanged(conversationId, turnId, event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="question-editor-actions">
        <span id={hintId} className="muted small">
          {blocked ?? 'Sending makes a new version; the earlier one stays.'}
        </span>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" size="small" disabled={!canSend}>
          Send
        </Button>
      </div>
    </form>
  );
}
