// The markdown stack itself (react-markdown, remark-gfm, the code blocks). Loaded on demand through
// ./markdown.tsx, so the sign-in page never downloads it.
import { memo, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import ReactMarkdown from 'react-markdown';
import type { GrowingText } from '@/domain/answer/growing-text';
import { extendBlocks, settleBlocks, splitBlocks, type BlockSplit } from '@/domain/answer/markdown-blocks';
import { createHighlightSwitch, HighlightCode } from './markdown-components';
import { markdownOptions, type RehypeOptions } from './markdown-hast';
import { GrowingBlockView } from './growing/growing-block-view';
import { PaintedGroup } from './growing/painted-group';
import { caretHost, moveCaret } from './growing/caret-host';

/**
 * Ids of footnotes get a prefix of their own per rendered text: two answers with a `[^1]` each stay apart,
 * and a model's text cannot name (clobber) an id of the console.
 */
function useRehypeOptions(): RehypeOptions {
  const prefix = `md-${useId().replace(/[^\w-]/g, '')}-`;
  return useMemo(
    () => ({
      clobberPrefix: prefix,
      footnoteLabelTagName: 'p',
      footnoteLabelProperties: { className: ['footnotes-label'] },
    }),
    [prefix],
  );
}

interface PartProps {
  text: string;
  rehype: RehypeOptions;
}

const MarkdownPart = memo(function MarkdownPart({ text, rehype }: PartProps) {
  return (
    <ReactMarkdown {...markdownOptions} remarkRehypeOptions={rehype}>
      {text}
    </ReactMarkdown>
  );
});

/** A whole document rendered at once: reference links and footnotes resolve across it; code is highlighted. */
export const MarkdownDocument = memo(function MarkdownDocument({ text }: { text: string }) {
  const rehype = useRehypeOptions();
  return (
    <div className="markdown">
      <MarkdownPart text={text} rehype={rehype} />
    </div>
  );
});

/** Blocks are painted in groups, so a long answer's update compares a few groups, not thousands of blocks. */
const groupSize = 32;

/**
 * The split of a growing text, extended from the previous render's rather than redone; once the text is finished,
 * settled (its blocks slices of the text: the answer is held once).
 */
function useBlockSplit(text: string, growing: GrowingText | undefined, finished: boolean): BlockSplit {
  const [split, setSplit] = useState(() =>
    finished ? settleBlocks(splitBlocks(text), text) : splitBlocks(text, growing),
  );
  if (split.text === text && split.growing === growing && (split.settled === true) === finished) return split;
  const next = finished
    ? settleBlocks(extendBlocks(split, text), text)
    : split.settled
      ? splitBlocks(text, growing)
      : extendBlocks(split, text, growing);
  setSplit(next);
  return next;
}

/**
 * The same, cut into top-level blocks: while the text grows, each new chunk re-parses and re-renders only the
 * last block while the earlier ones stay as they are, and code stays plain. When it is `finished`, the same
 * elements stay and only its code blocks re-render, highlighted: finishing costs no second render of the text.
 * (A text with reference or footnote definitions is rendered whole once finished instead: see ./markdown.tsx.)
 */
export const MarkdownBlocks = memo(function MarkdownBlocks({
  text,
  growing,
  finished,
}: {
  text: string;
  growing?: GrowingText | undefined;
  finished: boolean;
}) {
  const rehype = useRehypeOptions();
  const { blocks } = useBlockSplit(text, growing, finished);
  const [highlight] = useState(() => createHighlightSwitch(finished));
  useLayoutEffect(() => highlight.set(finished), [highlight, finished]);
  // The caret follows the end of the text after every render (the growing block has painted by then: its effect runs
  // first); once finished there is none.
  const box = useRef<HTMLDivElement>(null);
  const caret = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (box.current) caret.current = moveCaret(caret.current, finished ? null : caretHost(box.current));
  });
  // While the text grows, its last block is painted apart, without React (see ./growing/growing-block.ts); it
  // joins the groups React renders when the next block starts, or when the text is finished.
  const settled = finished ? blocks : blocks.slice(0, -1);
  const groups: Array<readonly string[]> = [];
  for (let start = 0; start < settled.length; start += groupSize) groups.push(settled.slice(start, start + groupSize));
  return (
    <HighlightCode.Provider value={highlight}>
      <div ref={box} className="markdown">
        {groups.map((group, index) => (
          <PaintedGroup key={index} blocks={group} rehype={rehype} />
        ))}
        {finished ? null : <GrowingBlockView key="growing" text={blocks.at(-1) ?? ''} rehype={rehype} />}
      </div>
    </HighlightCode.Provider>
  );
});

export interface RendererProps {
  text: string;
  /** The same text as the pieces it grew by, while it streams (see GrowingText). */
  growing?: GrowingText | undefined;
  /** Block by block (a growing text, or one that needs nothing from the whole document), else whole. */
  blocks: boolean;
  /** Finished: code blocks are highlighted. */
  finished: boolean;
}

/** Either of the two, for the lazy entry point in ./markdown.tsx. */
export function MarkdownRenderer({ text, growing, blocks, finished }: RendererProps) {
  return blocks ? (
    <MarkdownBlocks text={text} growing={growing} finished={finished} />
  ) : (
    <MarkdownDocument text={text} />
  );
}
