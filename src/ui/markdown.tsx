import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './copy-button';

const safeProtocols = /^(https?:|mailto:)/i;

/** Answers come from models: only http(s) and mailto links survive, relative links and fragments too. */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (safeProtocols.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return '';
  return trimmed.startsWith('//') ? '' : trimmed;
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

const components: Components = { a: Link, pre: Pre };

/** GFM markdown without raw HTML: untrusted text from servers and models renders as text, never markup. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
