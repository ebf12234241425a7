import { useEffect, useRef, useState } from 'react';
import type { ToolCallDecision } from '@/api/stream/assistant-stream';
import type { PausedToolCall } from '@/domain/approval/paused-call';
import { prettyJson } from '@/domain/thoughts/thought-details';
import './approval.css';

const clipped = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

interface ToolApprovalCardProps {
  call: PausedToolCall;
  assistantName: string;
  /** Sends the decision; the card locks at once, so one click is one call. */
  onDecide: (action: ToolCallDecision) => void;
  /** The pause arrived while the person watched: the keyboard goes to what waits. */
  focusOnShow: boolean;
}

/**
 * A tool call paused for the person's approval (current servers): which tool, with which arguments, and Allow or
 * Deny. It stands outside the thought tree, so "Hide tool outputs" never hides it.
 */
export function ToolApprovalCard({ call, assistantName, onDecide, focusOnShow }: ToolApprovalCardProps) {
  const [decided, setDecided] = useState<ToolCallDecision | null>(null);
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Also when the keyboard is nowhere (the chat opened from Waiting for you, after a reload).
    const nowhere = document.activeElement === null || document.activeElement === document.body;
    if (focusOnShow || nowhere) cardRef.current?.focus();
  }, [focusOnShow]);
  const args = prettyJson(call.args);
  const decide = (action: ToolCallDecision) => {
    if (decided) return;
    setDecided(action);
    onDecide(action);
  };
  const headingId = `approval-${call.thoughtId ?? 'stored'}`;
  return (
    <section ref={cardRef} className="tool-approval" aria-labelledby={headingId} tabIndex={-1}>
      <p id={headingId} className="tool-approval-title">
        <span className="waiting-badge">Waiting for you</span> {assistantName} wants to run{' '}
        <strong className="mono">{call.toolName}</strong>
      </p>
      {call.changedFrom ? (
        <p className="tool-approval-changed" role="alert">
          The call changed since this card was shown (it was{' '}
          <strong className="mono">{call.changedFrom.toolName}</strong>
          {call.changedFrom.args.trim() ? <> with {clipped(call.changedFrom.args)}</> : null}). Nothing was sent: look
          at this one, then allow or deny it.
        </p>
      ) : null}
      {call.args.trim() ? (
        <pre className="tool-approval-args mono" aria-label={`Arguments of ${call.toolName}`}>
          {args.text}
        </pre>
      ) : (
        <p className="muted">No arguments.</p>
      )}
      <div className="tool-approval-actions">
        <button
          type="button"
          className="button button-danger"
          disabled={decided !== null}
          onClick={() => decide('deny')}
        >
          {decided === 'deny' ? 'Denying…' : 'Deny'}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={decided !== null}
          onClick={() => decide('allow')}
        >
          {decided === 'allow' ? 'Allowing…' : 'Allow'}
        </button>
      </div>
    </section>
  );
}
