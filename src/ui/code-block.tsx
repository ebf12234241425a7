import { useEffect, useMemo, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ElementContent } from 'hast';
import { cachedTokens, highlightTokens } from './code-highlight';
import { CopyButton } from './copy-button';

interface Highlighted {
  code: string;
  language: string | undefined;
  tokens: ElementContent[];
}

/** Shiki's tokens as React elements (never as HTML): each span carries its colours as CSS variables. */
function Tokens({ tokens }: { tokens: ElementContent[] }) {
  return useMemo(() => toJsxRuntime({ type: 'root', children: tokens }, { Fragment, jsx, jsxs }), [tokens]);
}

function useHighlighted(code: string, language: string | undefined, highlight: boolean): ElementContent[] | null {
  const [result, setResult] = useState<Highlighted | null>(() => {
    const tokens = highlight ? cachedTokens(code, language) : null;
    return tokens ? { code, language, tokens } : null;
  });
  const current = result && result.code === code && result.language === language ? result.tokens : null;
  const done = current !== null;
  useEffect(() => {
    if (!highlight || done) return;
    let live = true;
    void highlightTokens(code, language).then((tokens) => {
      if (live && tokens) setResult({ code, language, tokens });
    });
    return () => {
      live = false;
    };
  }, [code, language, highlight, done]);
  return highlight ? current : null;
}

/**
 * A fenced code block with a copy button. With `highlight`, its tokens are coloured once the highlighter and
 * the grammar have loaded; until then, and for a language not offered, it is plain text. Streaming answers
 * pass `highlight={false}`: their code blocks stay plain until the answer is finished.
 */
export function CodeBlock({ code, language, highlight }: { code: string; language: string | undefined; highlight: boolean }) {
  // Markdown ends a fenced block's text with a newline; Shiki would make an empty last line of it.
  const source = code.endsWith('\n') ? code.slice(0, -1) : code;
  const tokens = useHighlighted(source, language, highlight);
  return (
    <div className="code-block">
      {/* Focusable so a keyboard can scroll a long line sideways. */}
      <pre tabIndex={0} data-language={language}>
        <code className={[language ? `language-${language}` : '', tokens ? 'highlighted' : ''].join(' ').trim() || undefined}>
          {tokens ? <Tokens tokens={tokens} /> : source}
        </code>
      </pre>
      <CopyButton getText={(button) => button.closest('.code-block')?.querySelector('pre')?.textContent ?? ''} label="Copy code" />
    </div>
  );
}
