import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useShortcut } from '@/ui/shortcuts/shortcuts-registry';
import { AttachButton } from '@/features/chat/attachments/attach-button';
import { AttachmentTray } from '@/features/chat/attachments/attachment-tray';
import { useComposerAttachments } from '@/features/chat/attachments/use-composer-attachments';
import { useChat, useChatRuntime } from '@/features/chat/runtime/use-chat';
import { chatShortcuts, useComposerFocus } from '@/features/chat/chat-shortcuts';
import { useAutoHeight } from './use-auto-height';
import { useSendWhenUploaded } from './use-send-when-uploaded';
import { Button } from '@/ui/button';
import './composer.css';

const maxComposerHeight = 320;

interface ComposerProps {
  /** Whose draft this is: the conversation id, or the new chat's key. */
  draftKey: string;
  disabledReason: string | null;
  /** The conversation takes no more messages (finished): the box is off, its draft kept for a new chat. */
  closed?: boolean;
  activeTurnId: string | null;
  /** The largest file that may be attached (config maxUploadBytes); the real servers' 100 MB when not set. */
  maxUploadBytes?: number | undefined;
  /** Sends the text; the page takes the draft's uploaded files with it. */
  onSend(text: string): void;
  /** While an answer streams: the text waits its turn in the queue. */
  onQueue(text: string): void;
  /** While an answer streams: stop it and send the text at once. */
  onSendNow(text: string): void;
}

/** The message box: Enter sends, Shift+Enter breaks the line, and text being composed by an IME is never sent. */
export function Composer({
  draftKey,
  disabledReason,
  closed = false,
  activeTurnId,
  maxUploadBytes,
  onSend,
  onQueue,
  onSendNow,
}: ComposerProps) {
  const runtime = useChatRuntime();
  const draft = useChat((state) => state.drafts[draftKey] ?? '');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const files = useComposerAttachments(draftKey, maxUploadBytes);

  useAutoHeight(textarea, draft, maxComposerHeight);

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
    if (!text || disabledReason) return;
    // Files still uploading: the question is kept and goes once they are uploaded.
    if (files.waitReason) return whenUploaded.arm();
    // While an answer streams the next question waits its turn rather than being refused.
    if (activeTurnId) onQueue(text);
    else onSend(text);
    runtime.draftChanged(draftKey, '');
  };
  const whenUploaded = useSendWhenUploaded(draftKey, files, send);
  const sendNow = () => {
    const text = draft.trim();
    if (!text || disabledReason || files.waitReason) return;
    onSendNow(text);
    runtime.draftChanged(draftKey, '');
    textarea.current?.focus();
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
    <form className="composer" onSubmit={onSubmit} {...files.dropZone}>
      <AttachmentTray
        attachments={files.attachments}
        refused={files.refused}
        waitReason={
          whenUploaded.failed
            ? 'An upload failed, so your question was not sent: remove that file or attach it again, then send.'
            : whenUploaded.armed
              ? 'Your question goes as soon as the upload finishes.'
              : files.waitReason
        }
        waitAction={
          whenUploaded.armed ? (
            <Button variant="link" onClick={whenUploaded.cancel}>
              Don’t send yet
            </Button>
          ) : null
        }
        waitId="composer-wait"
        onRemove={files.remove}
        onDismissRefused={files.dismissRefused}
      />
      {files.dragging ? (
        <div className="composer-drop-zone" aria-hidden="true">
          Drop files to attach them
        </div>
      ) : null}
      <AttachButton disabled={Boolean(disabledReason)} onFiles={files.attach} />
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
        disabled={closed}
        onChange={(event) => runtime.draftChanged(draftKey, event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={files.onPaste}
      />
      {activeTurnId ? (
        <>
          {draft.trim() ? (
            <>
              <button
                type="submit"
                className="button"
                disabled={Boolean(disabledReason) || files.waitReason !== null}
                title="Send it when the answer ends (Enter)"
              >
                Queue
              </button>
              <button
                type="button"
                className="button button-primary"
                disabled={Boolean(disabledReason) || files.waitReason !== null}
                title="Stop the answer and send this at once"
                onClick={sendNow}
              >
                Send now
              </button>
            </>
          ) : null}
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
        </>
      ) : (
        <button
          type="submit"
          className="button button-primary"
          disabled={Boolean(disabledReason) || draft.trim() === '' || whenUploaded.armed}
          aria-describedby={files.waitReason ? 'composer-wait' : undefined}
        >
          Send
        </button>
      )}
    </form>
  );
}
