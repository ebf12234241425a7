import { useEffect, useId, useRef, useState } from 'react';

interface DenyReasonProps {
  toolName: string;
  /** The denial is on its way: nothing can be sent twice. */
  sending: boolean;
  onDeny: (reason: string) => void;
  onBack: () => void;
}

/**
 * Deny, and (if the person wants) tell the agent why: the reason goes as the next question once the denied turn
 * ends, so the agent does not have to guess what to do instead. Enter denies; Shift+Enter starts a new line.
 */
export function DenyReason({ toolName, sending, onDeny, onBack }: DenyReasonProps) {
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => field.current?.focus(), []);
  const deny = () => {
    if (!sending) onDeny(reason.trim());
  };
  return (
    <form
      className="tool-approval-deny"
      onSubmit={(event) => {
        event.preventDefault();
        deny();
      }}
    >
      <label className="small" htmlFor={id}>
        Why deny {toolName}? Optional: the assistant gets it as your next message.
      </label>
      <textarea
        id={id}
        ref={field}
        className="tool-approval-reason"
        rows={2}
        value={reason}
        disabled={sending}
        placeholder="e.g. use the staging copy instead"
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            deny();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onBack();
          }
        }}
      />
      <div className="tool-approval-actions">
        <button type="button" className="button" disabled={sending} onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button-danger" disabled={sending}>
          {sending ? 'Denying…' : reason.trim() ? 'Deny and send reason' : 'Deny'}
        </button>
      </div>
    </form>
  );
}
