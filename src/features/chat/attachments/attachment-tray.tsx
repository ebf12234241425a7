import type { ReactNode } from 'react';
import type { Attachment } from '@/domain/files/attachments';
import { Button } from '@/ui/button';
import { AttachmentChips } from './attachment-chips';
import './attachments.css';

interface AttachmentTrayProps {
  attachments: readonly Attachment[];
  refused: readonly string[];
  waitReason: string | null;
  /** A control beside the reason to wait (the message box's "Don't send yet"). */
  waitAction?: ReactNode;
  /** The id the Send button is described by, so its reason to wait is read with it. */
  waitId: string;
  onRemove(id: string): void;
  onDismissRefused(): void;
}

/** Above the message box: the attached files, what the limits refused, and why Send waits. */
export function AttachmentTray({
  attachments,
  refused,
  waitReason,
  waitAction,
  waitId,
  onRemove,
  onDismissRefused,
}: AttachmentTrayProps) {
  return (
    <div className="attachment-tray">
      <AttachmentChips attachments={attachments} onRemove={onRemove} />
      {refused.length ? (
        <div className="attachment-refused" role="alert">
          <ul>
            {refused.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <Button variant="link" onClick={onDismissRefused}>
            Dismiss
          </Button>
        </div>
      ) : null}
      <p id={waitId} className="attachment-wait muted small" role="status">
        {waitReason ?? ''}
        {waitReason && waitAction ? <> {waitAction}</> : null}
      </p>
    </div>
  );
}
