// The console's markdown entry point. The markdown stack itself (./markdown-render) is loaded on first use:
// until it is there, and if it cannot be loaded, the same text shows as plain text at once.
import { memo, useMemo, useState } from 'react';
import type { GrowingText } from '@/domain/answer/growing-text';
import { needsWholeDocument } from '@/domain/answer/markdown-blocks';
import { CopyButton } from '@/ui/copy-button';
import type { RendererProps } from './markdown-render';
import { moduleLoader } from '@/ui/module-loader';
import './markdown.css';

/** The text as it is, with its line breaks: shown while the renderer loads, and for huge texts. */
export function PlainText({ text }: { text: string }) {
  return <div className="markdown markdown-plain">{text}</div>;
}

const renderer = moduleLoader(() => import('./markdown-render'));

/** Both ways of rendering, once the renderer is there; plain text until then, or for good if it cannot load. */
function Rendered(props: RendererProps) {
  const loaded = renderer.useModule();
  if (loaded.status !== 'loaded') return <PlainText text={props.text} />;
  const { MarkdownRenderer } = loaded.module;
  return <MarkdownRenderer {...props} />;
}

/**
 * Starts loading the renderer: called by the routes of the screens that show answers as they load, so a reload's
 * first answers, and the first answer (whole at once in JSON mode), do not show as plain text first.
 */
export const preloadMarkdown = (): Promise<unknown> => renderer.preload();

/** GFM markdown without raw HTML: untrusted text from servers and models renders as text, never markup. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return <Rendered text={text} blocks={false} finished />;
});

/** Above this many characters an answer is not rendered at once: it would hold the main thread for seconds. */
export const answerSizeLimit = 256 * 1024;

/** Where a long text is cut: at a blank line near the limit, decided by the first `limit` characters only. */
function cutFor(text: string, limit: number): number {
  const blank = text.lastIndexOf('\n\n', limit - 2);
  return blank > limit / 2 ? blank : limit;
}

const kilobytes = (characters: number) => `${Math.max(1, Math.round(characters / 1024)).toLocaleString('en')} KB`;

interface AnswerMarkdownProps {
  text: string;
  /** While it streams: the same text as the pieces it grew by, so each update reads only its end. */
  growing?: GrowingText | undefined;
  /** While it streams, the text is rendered block by block; once finished, its code is highlighted. */
  streaming?: boolean;
  limit?: number;
}

/**
 * An answer's text. It keeps one renderer from its first chunk to its end, so finishing re-renders only the
 * code blocks (now highlighted); a text whose reference or footnote definitions need the whole document is
 * rendered whole once finished, so its links resolve.
 */
const AnswerText = memo(function AnswerText({
  text,
  growing,
  streaming,
}: {
  text: string;
  growing?: GrowingText | undefined;
  streaming: boolean;
}) {
  const whole = useMemo(() => !streaming && needsWholeDocument(text), [text, streaming]);
  return <Rendered text={text} growing={streaming ? growing : undefined} blocks={!whole} finished={!streaming} />;
});

/** An answer: block-wise while it streams, its code highlighted once finished, and only its first part when it is huge. */
export const AnswerMarkdown = memo(function AnswerMarkdown({
  text,
  growing,
  streaming = false,
  limit = answerSizeLimit,
}: AnswerMarkdownProps) {
  const [showAll, setShowAll] = useState(false);
  if (text.length <= limit) return <AnswerText text={text} growing={growing} streaming={streaming} />;
  if (showAll) return <PlainText text={text} />;
  const shown = text.slice(0, cutFor(text, limit));
  return (
    <>
      <AnswerText text={shown} streaming={streaming} />
      <p className="markdown-size-notice" role="note">
        <span>
          Showing the first {kilobytes(shown.length)} of {kilobytes(text.length)}
        </span>
        <button type="button" className="button button-small" onClick={() => setShowAll(true)}>
          Show all
        </button>
        <CopyButton getText={() => text} label="Copy all" />
      </p>
    </>
  );
});
