import { useEffect, useRef, useState } from 'react';
import type { ToolCallDecision } from '@/api/stream/assistant-stream';
import type { PausedToolCall } from '@/domain/approval/paused-call';
import { prettyJson } from '@/domain/thoughts/thought-details';
import type { DecisionOptions } from '@/features/chat/runtime/chat-runtime-contract';
import { DenyReason } from './deny-reason';
import './approval.css';

const clipped = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

interface ToolApprovalCardProps {
  call: PausedToolCall;
  assistantName: string;
  /** Sends the decision; the card locks at once, so one click (or Enter) is one call. */
  onDecide: (action: ToolCallDecision, options: DecisionOptions) => void;
  /** The pause arrived while the person watched: the keyboard goes to what waits. */
  focusOnShow: boolean;
  /** The chat's assistants let it loosen their policy: "Allow … for the rest of this chat" is offered. */
  canAllowAlways: boolean;
}

type Decided = 'allow' | 'always' | 'deny' | null;

/**
 * A tool call paused for the person's approval (current servers): which tool, with which arguments, and Allow, Allow
 * for the rest of the chat, or Deny with an optional reason for the agent. It stands outside the thought tree, so
 * "Hide tool outputs" never hides it.
 */
export function ToolApprovalCard({
  call,
  assistantName,
  onDecide,
  focusOnShow,
  canAllowAlways,
}: ToolApprovalCardProps) {
  const [decided, setDecided] = useState<Decided>(null);
  const [denying, setDenying] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  const denyButton = useRef<HTMLButtonElement>(null);
  const backFromDeny = useRef(false);
  useEffect(() => {
    // Back from the reason: the keyboard returns to Deny…, not to the page's body.
    if (!denying && backFromDeny.current) denyButton.current?.focus();
    backFromDeny.current = false;
  }, [denying]);
  useEffect(() => {
    // Also when the keyboard is nowhere (the chat opened from Waiting for you, after a reload).
    const nowhere = document.activeElement === null || document.activeElement === document.body;
    if (focusOnShow || nowhere) cardRef.current?.focus();
  }, [focusOnShow]);
  const args = prettyJson(call.args);
  const decide = (how: Exclude<Decided, null>, reason?: string) => {
    if (decided) return;
    setDecided(how);
    if (how === 'deny') onDecide('deny', reason ? { reason } : {});
    else onDecide('allow', how === 'always' ? { always: true } : {});
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
      {denying ? (
        <DenyReason
          toolName={call.toolName}
          sending={decided === 'deny'}
          onDeny={(reason) => decide('deny', reason)}
          onBack={() => {
            backFromDeny.current = true;
            setDenying(false);
          }}
        />
      ) : (
        <div className="tool-approval-actions">
          <button
            ref={denyButton}
            type="button"
            className="button button-danger"
            disabled={decided !== null}
            onClick={() => setDenying(true)}
          >
            Deny…
          </button>
          {canAllowAlways ? (
            <button
              type="button"
              className="button"
              disabled={decided !== null}
              title={`Later calls of ${call.toolName} in this chat run without asking; the Extra tools menu takes it back.`}
              onClick={() => decide('always')}
            >
              {decided === 'always' ? 'Allowing…' : `Allow ${call.toolName} for the rest of this chat`}
            </button>
          ) : null}
          <button
            type="button"
            className="button button-primary"
            disabled={decided !== null}
            onClick={() => decide('allow')}
          >
            {decided === 'allow' ? 'Allowing…' : 'Allow'}
          </button>
        </div>
      )}
    </section>
  );
}
