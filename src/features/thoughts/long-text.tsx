import { useMemo } from 'react';
import { useThoughtViewStore } from './thought-view-store';
import { cutText, pageChars } from './text-cut';

interface LongTextProps {
  text: string;
  className?: string;
  /** Whose tree and which text: how much of it is shown is kept with the turn. */
  turnId: string;
  textKey: string;
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Preformatted text cut to a readable size, with the rest one click away. A huge text (a tool that returned
 * megabytes) is never put on the page whole by accident: "Show more" gives its first 100,000 characters, and
 * only "Show all" the rest, in blocks the browser lays out when they scroll into view.
 */
export function LongText({ text, className, turnId, textKey }: LongTextProps) {
  const extent = useThoughtViewStore((state) => state.views[turnId]?.texts[textKey]);
  const cut = useMemo(() => cutText(text), [text]);
  const textShown = useThoughtViewStore((state) => state.textShown);
  const setExtent = (next: 'page' | 'all' | undefined) => textShown(turnId, textKey, next);
  if (!cut.long)
    return (
      <pre className={className} tabIndex={0}>
        {text}
      </pre>
    );
  if (extent === 'all') {
    const blocks: string[] = [];
    for (let start = 0; start < text.length; start += pageChars) blocks.push(text.slice(start, start + pageChars));
    return (
      <>
        <pre className={className} tabIndex={0}>
          {blocks.map((block, index) => (
            <span key={index} className="long-text-block">
              {block}
            </span>
          ))}
        </pre>
        <button type="button" className="button button-small" onClick={() => setExtent(undefined)}>
          Show less
        </button>
      </>
    );
  }
  const shown = extent === 'page' ? text.slice(0, pageChars) : cut.preview;
  const rest = text.length - shown.length;
  return (
    <>
      <pre className={className} tabIndex={0}>
        {shown}
      </pre>
      <span className="row long-text-actions">
        {extent === 'page' ? (
          <>
            {rest > 0 ? (
              <button type="button" className="button button-small" onClick={() => setExtent('all')}>
                {`Show all (${count(rest)} more characters)`}
              </button>
            ) : null}
            <button type="button" className="button button-small" onClick={() => setExtent(undefined)}>
              Show less
            </button>
          </>
        ) : (
          <button type="button" className="button button-small" onClick={() => setExtent('page')}>
            {`Show more (${cut.hiddenLines > 0 ? `${count(cut.hiddenLines)} more lines` : `${count(rest)} more characters`})`}
          </button>
        )}
      </span>
    </>
  );
}
