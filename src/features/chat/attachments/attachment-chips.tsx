import type { Attachment } from '@/domain/files/attachments';
import { formatBytes } from '@/domain/files/limits';

const percentOf = (attachment: Attachment) =>
  attachment.size > 0 ? Math.min(100, Math.round((attachment.loaded / attachment.size) * 100)) : 100;

function AttachmentChip({ attachment, onRemove }: { attachment: Attachment; onRemove(): void }) {
  const { name, size, status } = attachment;
  return (
    <li className={`attachment-chip attachment-${status}`}>
      <span className="attachment-name" title={name}>
        {name}
      </span>
      <span className="attachment-size muted">{formatBytes(size)}</span>
      {status === 'uploading' ? (
        <progress
          className="attachment-progress"
          max={100}
          value={percentOf(attachment)}
          aria-label={`Uploading ${name}`}
        />
      ) : null}
      <button
        type="button"
        className="chip-remove"
        aria-label={status === 'uploading' ? `Cancel upload of ${name}` : `Remove ${name}`}
        onClick={onRemove}
      >
        ×
      </button>
      {status === 'failed' ? <span className="attachment-error">Not uploaded: {attachment.error}</span> : null}
    </li>
  );
}

/** The files attached to the message being written: name, size, upload progress, why one failed, and remove. */
export function AttachmentChips({
  attachments,
  onRemove,
}: {
  attachments: readonly Attachment[];
  onRemove(id: string): void;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-list" aria-label={`Attached files: ${attachments.length}`}>
      {attachments.map((attachment) => (
        <AttachmentChip key={attachment.id} attachment={attachment} onRemove={() => onRemove(attachment.id)} />
      ))}
    </ul>
  );
}
