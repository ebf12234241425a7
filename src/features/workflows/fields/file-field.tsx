import { useId, useRef, useState } from 'react';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import { uploadFiles } from '@/api/file-upload';
import { failureLine } from '@/domain/errors/describe-failure';
import { decodeFileUrl } from '@/domain/files/file-url';
import { fileLimits, fileProblems, formatBytes } from '@/domain/files/limits';
import './fields.css';

interface FileFieldProps {
  /** The file URL the run will carry (attached here, or pasted). */
  value: string;
  problem?: string | undefined;
  onChange(fileUrl: string): void;
  /** The field's name on screen (default "File"). */
  label?: string;
}

type Upload = { name: string; size: number; loaded: number; controller: AbortController };

/**
 * A run's file: real servers take only the URL of an uploaded file, so a picked file is uploaded first and its
 * URL goes in the form (kept with the draft across reloads). A URL an earlier upload returned can be pasted.
 */
export function FileField({ value, problem, onChange, label = 'File' }: FileFieldProps) {
  const { client } = useWorkflowsServices();
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const attached = decodeFileUrl(value);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    const limits = fileProblems([file]);
    if (limits.length > 0) return setFailure(limits.join(' '));
    const controller = new AbortController();
    setUpload({ name: file.name, size: file.size, loaded: 0, controller });
    try {
      const outcome = await uploadFiles(client, [file], {
        signal: controller.signal,
        onProgress: (loaded) =>
          setUpload((current) => (current?.controller === controller ? { ...current, loaded } : current)),
      });
      const stored = outcome.uploaded[0];
      if (stored) onChange(stored.fileUrl);
      else setFailure(`“${file.name}” was not stored: ${outcome.failed[0]?.reason ?? 'the server gave no reason.'}`);
    } catch (error) {
      if (!controller.signal.aborted) {
        setFailure(`“${file.name}” could not be uploaded. ${failureLine(error, 'workflow')}`);
      }
    } finally {
      setUpload((current) => (current?.controller === controller ? null : current));
      if (picker.current) picker.current.value = '';
    }
  };

  const percent = upload && upload.size > 0 ? Math.min(100, Math.round((upload.loaded / upload.size) * 100)) : 0;
  return (
    <div className="field file-field">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <button
          type="button"
          className="button button-small"
          disabled={upload !== null}
          onClick={() => picker.current?.click()}
        >
          Attach file…
        </button>
        <input
          ref={picker}
          type="file"
          hidden
          aria-label="Choose a file to upload"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        {upload ? (
          <span className="row small" role="status">
            <progress max={100} value={percent} aria-label={`Uploading ${upload.name}`} />
            {upload.name} · {formatBytes(upload.size)} · {percent}%
            <button type="button" className="button button-small" onClick={() => upload.controller.abort()}>
              Cancel
            </button>
          </span>
        ) : attached ? (
          <span className="chip mono" title={attached.mime}>
            {attached.name}
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove ${attached.name}`}
              onClick={() => onChange('')}
            >
              ×
            </button>
          </span>
        ) : null}
      </div>
      <input
        id={id}
        className="mono"
        value={value}
        spellCheck={false}
        autoComplete="off"
        placeholder="or paste the file URL an upload returned"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p
        id={`${id}-hint`}
        className={problem || failure ? 'field-error' : 'muted small'}
        role={failure ? 'alert' : undefined}
      >
        {failure ??
          problem ??
          `Optional. Uploaded first (at most ${formatBytes(fileLimits.bytesEach)}); the run gets its URL in file_names, as real servers require.`}
      </p>
    </div>
  );
}
