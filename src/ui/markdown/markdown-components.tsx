import { createContext, useContext, useSyncExternalStore, type ComponentProps, type MouseEvent } from 'react';
import type { Components } from 'react-markdown';
import type { Element, ElementContent } from 'hast';
import { CodeBlock } from './code-block';
import { isFragment, safeUrl } from './markdown-url';

type WithNode<T extends keyof React.JSX.IntrinsicElements> = ComponentProps<T> & { node?: Element | undefined };

/**
 * Images in answers are not loaded: a prompt-injected model could leak the conversation through an image
 * URL just by being rendered. They become links the reader may choose to open.
 */
function Image({ src, alt }: WithNode<'img'>) {
  const label = `Image: ${alt || 'untitled'}`;
  if (typeof src !== 'string' || !safeUrl(src)) return <span className="muted">[{label}]</span>;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="markdown-image-link">
      [{label}]
    </a>
  );
}

/** Footnote jumps stay inside this answer and leave the URL (and so the router) alone. */
function jumpWithinAnswer(event: MouseEvent<HTMLAnchorElement>) {
  const id = event.currentTarget.getAttribute('href')?.slice(1) ?? '';
  const target = event.currentTarget.closest('.markdown')?.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`);
  event.preventDefault();
  if (!target) return;
  // Focus brings it into view and moves a screen reader there too.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

function Link({ href, children, node: _node, ...rest }: WithNode<'a'>) {
  if (!href) return <span>{children}</span>;
  if (isFragment(href)) {
    return (
      <a {...rest} href={href} onClick={jumpWithinAnswer}>
        {children}
      </a>
    );
  }
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

const textOf = (nodes: readonly ElementContent[]): string =>
  nodes
    .map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child.children) : ''))
    .join('');

/** The fence's language and text, read from the `pre > code` hast markdown made of it. */
function fencedCode(node: Element | undefined): { code: string; language: string | undefined } {
  const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties.className;
  const languageClass = Array.isArray(classes)
    ? classes.find((name) => String(name).startsWith('language-'))
    : undefined;
  return {
    code: code ? textOf(code.children) : '',
    language: languageClass === undefined ? undefined : String(languageClass).slice('language-'.length),
  };
}

/** Whether code blocks are highlighted, as a value code blocks subscribe to. */
export interface HighlightSwitch {
  get(): boolean;
  subscribe(onChange: () => void): () => void;
}

/** A switch the owner turns on once: off while a text streams, on when it is finished. */
export function createHighlightSwitch(on: boolean): HighlightSwitch & { set(on: boolean): void } {
  const listeners = new Set<() => void>();
  return {
    get: () => on,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    set(next) {
      if (next === on) return;
      on = next;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * Whether code blocks below are highlighted: off while a text streams (a growing block is not re-tokenised every
 * frame), on once it is finished. The context's value never changes (a change would make React walk the whole
 * answer's elements looking for readers, tens of milliseconds for a long one); code blocks subscribe to the switch
 * it carries, so finishing re-renders them and nothing else.
 */
export const HighlightCode = createContext<HighlightSwitch>(createHighlightSwitch(true));

function Pre({ node }: WithNode<'pre'>) {
  const highlight = useContext(HighlightCode);
  return <CodeBlock {...fencedCode(node)} highlight={useSyncExternalStore(highlight.subscribe, highlight.get)} />;
}

export const markdownComponents: Components = { a: Link, pre: Pre, img: Image };
