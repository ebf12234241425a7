import { useState } from 'react';

const maxLines = 30;
const maxChars = 3000;

/** Preformatted text cut to a readable size, with the rest one click away. */
export function LongText({ text, className }: { text: string; className?: string }) {
  const [full, setFull] = useState(false);
  const lines = text.split('\n');
  const long = lines.length > maxLines || text.length > maxChars;
  const shown = full || !long ? text : lines.slice(0, maxLines).join('\n').slice(0, maxChars);
  const hiddenLines = lines.length - shown.split('\n').length;
  return (
    <>
      <pre className={className}>{shown}</pre>
      {long ? (
        <button type="button" className="button button-small" onClick={() => setFull(!full)}>
          {full ? 'Show less' : `Show more (${hiddenLines > 0 ? `${hiddenLines} more lines` : `${text.length - shown.length} more characters`})`}
        </button>
      ) : null}
    </>
  );
}
