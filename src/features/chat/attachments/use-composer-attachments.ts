import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { pastedFileName, sendWaitReason } from '@/domain/files/attachments';
import { useAttachments, useAttachmentsRuntime } from './use-attachments';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * The composer's attachments: the draft's files, the three ways to attach (chooser, drop, paste), the limits'
 * refusals (said before anything is uploaded), and why Send waits.
 */
export function useComposerAttachments(draftKey: string, bytesEach: number | undefined) {
  const runtime = useAttachmentsRuntime();
  const attachments = useAttachments(draftKey);
  const [refused, setRefused] = useState<readonly string[]>([]);
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: the zone shows until the pointer has left them all.
  const depth = useRef(0);

  useEffect(() => runtime.load(draftKey), [runtime, draftKey]);
  // Another conversation's composer starts without the previous one's refusals.
  useEffect(() => setRefused([]), [draftKey]);

  const attach = (files: readonly File[]) => {
    if (files.length) setRefused(runtime.attach(draftKey, files, bytesEach));
  };

  const dropZone = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      attach([...event.dataTransfer.files]);
    },
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    // A copied picture often comes with its text (a caption, a URL): the text is pasted as usual beside the file.
    if (!event.clipboardData.types.includes('text/plain')) event.preventDefault();
    const at = new Date();
    attach(files.map((file) => new File([file], pastedFileName(file.name, file.type, at), { type: file.type })));
  };

  return {
    attachments,
    refused,
    dismissRefused: () => setRefused([]),
    attach,
    remove: (id: string) => runtime.remove(draftKey, id),
    dragging,
    dropZone,
    onPaste,
    waitReason: sendWaitReason(attachments),
  };
}
