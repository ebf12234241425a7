// A group of an answer's settled blocks, painted without React: the DOM React would render for them (./hast-dom.ts),
// made once per block, with no fibers or props behind it. React elements for the 24,000 elements of a 200 KB answer
// held about 4.5 MB (a heap snapshot, 2026-11-26); these hold the DOM only. Code is highlighted as ../code-block.tsx
// does it: once the answer is finished and the block comes near the view.
import { memo, useContext, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { ElementContent } from 'hast';
import { cachedTokens, grammarFor, highlightTokens } from '@/ui/markdown/code-highlight';
import { HighlightCode } from '@/ui/markdown/markdown-components';
import { markdownHast, type RehypeOptions } from '@/ui/markdown/markdown-hast';
import { whenNear } from '@/ui/hooks/use-near-viewport';
import { buildNode } from './hast-dom';

/**
 * Shiki's tokens as DOM: spans with their class and their colours set through the CSSOM (a `style` attribute would
 * be refused by the console's CSP), as React sets them for ../code-block.tsx.
 */
function tokenNodes(document: Document, tokens: readonly ElementContent[]): Node[] {
  return tokens.flatMap((token): Node[] => {
    if (token.type === 'text') return [document.createTextNode(token.value)];
    if (token.type !== 'element') return [];
    // Shiki's lines and tokens are spans: anything else from the worker is painted as its text only.
    if (token.tagName !== 'span') return tokenNodes(document, token.children);
    const element = document.createElement('span');
    // Shiki names the class `class` (hast from its own code), react-markdown's hast `className`.
    const { className = token.properties.class, style } = token.properties;
    if (Array.isArray(className)) element.className = className.join(' ');
    else if (typeof className === 'string') element.className = className;
    if (typeof style === 'string') {
      for (const declaration of style.split(';')) {
        const colon = declaration.indexOf(':');
        if (colon > 0)
          element.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
      }
    }
    element.append(...tokenNodes(document, token.children));
    return [element];
  });
}

function paintTokens(code: HTMLElement, tokens: readonly ElementContent[]): void {
  code.replaceChildren(...tokenNodes(code.ownerDocument, tokens));
  code.classList.add('highlighted');
}

interface PlainCode {
  pre: HTMLElement;
  code: HTMLElement;
  language: string | undefined;
  source: string;
}

/** The group's code blocks not highlighted yet, in a language offered. */
function plainCode(box: HTMLElement): PlainCode[] {
  return [...box.querySelectorAll<HTMLElement>('pre')].flatMap((pre) => {
    const code = pre.querySelector<HTMLElement>(':scope > code');
    const language = pre.getAttribute('data-language') ?? undefined;
    if (!code || code.classList.contains('highlighted') || grammarFor(language) === null) return [];
    return [{ pre, code, language, source: code.textContent ?? '' }];
  });
}

/** Code highlighted lately (a row mounted again as it is scrolled back to) is coloured before it is first shown. */
function paintCached(box: HTMLElement): void {
  for (const { code, language, source } of plainCode(box)) {
    const cached = cachedTokens(source, language);
    if (cached) paintTokens(code, cached);
  }
}

/** Highlights the group's code blocks, each when it comes near the view. */
function highlightCode(box: HTMLElement): () => void {
  let live = true;
  const cancels: Array<() => void> = [];
  for (const { pre, code, language, source } of plainCode(box)) {
    const highlight = () =>
      void highlightTokens(source, language)
        .then((tokens) => {
          // Painted again meanwhile (the text changed): these tokens are for code no longer there.
          if (live && tokens && code.isConnected && code.textContent === source) paintTokens(code, tokens);
        })
        .catch(() => undefined); // a block the highlighter fails on stays plain text: still readable, still copyable
    cancels.push(whenNear(pre, highlight));
  }
  return () => {
    live = false;
    for (const cancel of cancels) cancel();
  };
}

export interface GroupProps {
  blocks: readonly string[];
  rehype: RehypeOptions;
}

// A group's blocks are sliced anew on every render of the answer: the same strings are the same group.
const sameBlocks = (a: GroupProps, b: GroupProps) =>
  a.rehype === b.rehype &&
  a.blocks.length === b.blocks.length &&
  a.blocks.every((block, index) => block === b.blocks[index]);

/**
 * Settled blocks as one box whose content React never renders (each group its own box: the browser skips style and
 * layout of the groups out of sight, content-visibility, while the last one grows): a block that joins the group is painted onto its end;
 * blocks that changed (the text was replaced) are painted again from the first that differs.
 */
export const PaintedGroup = memo(function PaintedGroup({ blocks, rehype }: GroupProps) {
  const box = useRef<HTMLDivElement>(null);
  const painted = useRef<{ blocks: readonly string[]; rehype: RehypeOptions; nodes: Node[][] } | null>(null);
  const highlightSwitch = useContext(HighlightCode);
  const highlight = useSyncExternalStore(highlightSwitch.subscribe, highlightSwitch.get);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = painted.current?.rehype === rehype ? painted.current : null;
    let same = 0;
    while (before && same < blocks.length && same < before.blocks.length && before.blocks[same] === blocks[same])
      same += 1;
    const nodes = before ? before.nodes.slice(0, same) : [];
    for (const gone of before ? before.nodes.slice(same) : [])
      for (const node of gone) node.parentNode?.removeChild(node);
    if (!before) element.replaceChildren();
    for (const block of blocks.slice(same)) {
      const made = markdownHast(block, rehype).children.flatMap((child) => {
        const node = child.type === 'doctype' ? null : buildNode(element.ownerDocument, child);
        return node ? [node] : [];
      });
      element.append(...made);
      nodes.push(made);
    }
    painted.current = { blocks, rehype, nodes };
    if (highlight) paintCached(element);
  }, [blocks, rehype, highlight]);
  useEffect(() => (highlight && box.current ? highlightCode(box.current) : undefined), [highlight, blocks, rehype]);
  return <div ref={box} className="markdown-group" />;
}, sameBlocks);
