import type { ReactNode } from 'react';
import { Button } from './button';
import './confirm-inline.css';

interface ConfirmInlineProps {
  /** Names the group for assistive technology ("Confirm abort"). */
  label: string;
  children: ReactNode;
  confirm: string;
  /** Shown on the confirm button while the action runs. */
  busyText: string;
  busy: boolean;
  onConfirm(): void;
  cancel: string;
  onCancel(): void;
}

/** A destructive action asked once, in place: the question, the danger button, and the way back. */
export function ConfirmInline({
  label,
  children,
  confirm,
  busyText,
  busy,
  onConfirm,
  cancel,
  onCancel,
}: ConfirmInlineProps) {
  return (
    <span className="confirm row" role="group" aria-label={label}>
      {children}
      <Button variant="danger" size="small" disabled={busy} onClick={onConfirm}>
        {busy ? busyText : confirm}
      </Button>
      <Button size="small" onClick={onCancel}>
        {cancel}
      </Button>
    </span>
  );
}
