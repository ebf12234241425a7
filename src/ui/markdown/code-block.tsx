import { useEffect, useMemo, useRef, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ElementContent } from 'hast';
import { cachedTokens, grammarFor, highlightTokens } from './code-highlight';
import { CopyButton } from '@/ui/copy-button';
import { useNearViewport } from '@/ui/hooks/use-near-viewport';

interface Highlighted {
  code: string;
  language: string | undefined;
  tokens: ElementContent[];
}

/** Shiki's tokens as React elements (never as HTML): each span carries its colours as CSS variables. */
function Tokens({ tokens }: { tokens: ElementContent[] }) {
  return useMemo(() => toJsxRuntime({ type: 'root', children: tokens }, { Fragment, jsx, jsxs }), [tokens]);
}

/** Tokens once highlighted: at once when cached (a block mounted again), else once `near` the viewport. */
function useHighlighted(
  code: string,
  language: string | undefined,
  highlight: boolean,
  near: boolean,
): ElementContent[] | null {
  const [result, setResult] = useState<Highlighted | null>(() => {
    const tokens = highlight ? cachedTokens(code, language) : null;
    return tokens ? { code, language, tokens } : null;
  });
  const current = result && result.code === code && result.language === language ? result.tokens : null;
  const done = current !== null;
  useEffect(() => {
    if (!highlight || !near || done) return;
    let live = true;
    void highlightTokens(code, language).then((tokens) => {
      if (live && tokens) setResult({ code, language, tokens });
    });
    return () => {
      live = false;
    };
  }, [code, language, highlight, near, done]);
  return highlight ? current : null;
}

/**
 * A fenced code block with a copy button. With `highlight`, its tokens are coloured once the highlighter and
 * the grammar have loaded and the block has come near the viewport (a long answer's code far out of sight
 * waits for the reader); until then, and for a language not offered, it is plain text. Streaming answers
 * pass `highlight={false}`: their code blocks stay plain until the answer is finished.
 */
export function CodeBlock({
  code,
  language,
  highlight,
}: {
  code: string;
  language: string | undefined;
  highlight: boolean;
}) {
  // Markdown ends a fenced block's text with a newline; Shiki would make an empty last line of it.
  const source = code.endsWith('\n') ? code.slice(0, -1) : code;
  const pre = useRef<HTMLPreElement>(null);
  const near = useNearViewport(pre, highlight && grammarFor(language) !== null);
  const tokens = useHighlighted(source, language, highlight, near);
  return (
    <div className="code-block">
      {/* Focusable so a keyboard can scroll a long line sideways. */}
      <pre ref={pre} tabIndex={0} data-language={language}>
        <code
          className={
            [language ? `language-${language}` : '', tokens ? 'highlighted' : ''].join(' ').trim() || undefined
          }
        >
          {tokens ? <Tokens tokens={tokens} /> : source}
        </code>
      </pre>
      <CopyButton
        getText={(button) => button.closest('.code-block')?.querySelector('pre')?.textContent ?? ''}
        label="Copy code"
      />
    </div>
  );
}
