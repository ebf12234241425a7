import { useEffect, useState } from 'react';
import type { Attachment } from '@/domain/files/attachments';

interface Uploads {
  /** Why Send waits now (files still uploading), or null. */
  waitReason: string | null;
  attachments: readonly Attachment[];
}

/**
 * Enter (or Send) pressed while the draft's files still upload is kept, not dropped: the question goes as soon as they
 * are uploaded, with them and with the text as it is then. An upload that fails sends nothing and says why; another
 * conversation's box starts unarmed.
 */
export function useSendWhenUploaded(draftKey: string, uploads: Uploads, send: () => void) {
  const [armed, setArmed] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setArmed(false);
    setFailed(false);
  }, [draftKey]);
  // The failed file removed (or attached again): the note goes.
  const anyFailed = uploads.attachments.some((attachment) => attachment.status === 'failed');
  useEffect(() => {
    if (!anyFailed) setFailed(false);
  }, [anyFailed]);
  useEffect(() => {
    if (!armed || uploads.waitReason !== null) return;
    setArmed(false);
    if (anyFailed) setFailed(true);
    else send();
  }, [armed, uploads.waitReason, anyFailed, send]);
  return {
    armed,
    failed,
    arm: () => {
      setFailed(false);
      setArmed(true);
    },
    cancel: () => setArmed(false),
  };
}
