import { FileField } from '@/features/workflows/fields/file-field';

/** Real servers take at most 20 files on a resume, as on a start. */
const mostFiles = 20;

interface ResumeFilesProps {
  files: readonly string[];
  onChange(files: string[]): void;
}

/**
 * Files sent with a continue: each uploaded first (or its URL pasted), then one more field while fewer than the
 * limit, so a person adds them one by one and removes any.
 */
export function ResumeFiles({ files, onChange }: ResumeFilesProps) {
  const slots = files.length < mostFiles ? [...files, ''] : [...files];
  const changed = (index: number, url: string) => {
    const next = [...files];
    if (index >= next.length) next.push(url);
    else next[index] = url;
    onChange(next.filter((file) => file.trim() !== ''));
  };
  return (
    <div className="resume-files">
      {slots.map((url, index) => (
        <FileField
          key={index < files.length ? `${index}:${url}` : 'new'}
          label={
            index < files.length ? `File ${index + 1}` : files.length ? 'Another file (optional)' : 'File (optional)'
          }
          value={url}
          onChange={(next) => changed(index, next)}
        />
      ))}
    </div>
  );
}
