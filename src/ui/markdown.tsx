import { memo, useMemo, type ComponentProps } from 'react';
import { splitMarkdownBlocks } from '@/domain/markdown-blocks';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './copy-button';

const safeProtocols = /^(https?:\/\/|mailto:)/i;

/**
 * Answers come from models: only absolute http(s) and mailto links survive. Relative links would resolve
 * against the console itself, and other schemes (javascript:, data:) can run or smuggle content.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  return safeProtocols.test(trimmed) ? trimmed : '';
}

/**
 * Images in answers are not loaded: a prompt-injected model could leak the conversation through an image
 * URL just by being rendered. They become links the reader may choose to open.
 */
function Image({ src, alt }: ComponentProps<'img'> & { node?: unknown }) {
  const label = `Image: ${alt || 'untitled'}`;
  if (typeof src !== 'string' || !src) return <span className="muted">[{label}]</span>;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="markdown-image-link">
      [{label}]
    </a>
  );
}

function Link({ href, children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) {
  if (!href) return <span>{children}</span>;
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function Pre({ children, node: _node, ...rest }: ComponentProps<'pre'> & { node?: unknown }) {
  return (
    <div className="code-block">
      <pre {...rest}>{children}</pre>
      <CopyButton getText={(button) => button.closest('.code-block')?.querySelector('pre')?.textContent ?? ''} label="Copy code" />
    </div>
  );
}

const components: Components = { a: Link, pre: Pre, img: Image };

const remarkPlugins = [remarkGfm];

const MarkdownPart = memo(function MarkdownPart({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} skipHtml urlTransform={safeUrl} components={components}>
      {text}
    </ReactMarkdown>
  );
});

/** GFM markdown without raw HTML: untrusted text from servers and models renders as text, never markup. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <MarkdownPart text={text} />
    </div>
  );
});

/**
 * The same, for text that grows while it streams: cut into top-level blocks, so each new chunk re-parses and
 * re-renders only the last block while the earlier ones stay as they are.
 */
export const GrowingMarkdown = memo(function GrowingMarkdown({ text }: { text: string }) {
  const blocks = useMemo(() => splitMarkdownBlocks(text), [text]);
  return (
    <div className="markdown">
      {blocks.map((block, index) => (
        <MarkdownPart key={index} text={block} />
      ))}
    </div>
  );
});
