// Hast made into DOM nodes exactly as React renders it through react-markdown and our components (links, images,
// code blocks; see ../markdown-components.tsx), for the block of a streaming answer painted without React. Nodes
// are made with createElement/createTextNode and attributes one by one: no markup string is ever parsed.
import type { Element, ElementContent, Properties } from 'hast';
import { find, html } from 'property-information';
import { fencedCode, jumpToFragment } from '@/ui/markdown/markdown-components';
import { isFragment, safeUrl } from '@/ui/markdown/markdown-url';

/** Elements React gets from our components rather than as they are: rendered (and replaced) whole. */
export const componentTags: ReadonlySet<string> = new Set(['a', 'img', 'pre']);

const tableElements: ReadonlySet<string> = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);

/** The children React renders: whitespace between table rows and cells is dropped (React would reject it). */
export function shownChildren(element: Element): ElementContent[] {
  if (!tableElements.has(element.tagName)) return element.children;
  return element.children.filter((child) => child.type !== 'text' || child.value.trim() !== '');
}

function setProperties(element: HTMLElement, properties: Properties): void {
  for (const [key, value] of Object.entries(properties)) {
    if (value === null || value === undefined || value === false) continue;
    const info = find(html, key);
    // Never an event handler, whatever a plugin might have put here.
    if (/^on/i.test(info.attribute)) continue;
    if (key === 'align' && typeof value === 'string' && /^(th|td)$/.test(element.tagName.toLowerCase())) {
      // hast-util-to-jsx-runtime turns a cell's `align` into a style.
      element.style.textAlign = value;
      continue;
    }
    const text = Array.isArray(value)
      ? value.join(info.commaSeparated ? ', ' : ' ')
      : value === true
        ? // React writes `true` as an empty boolean attribute (`disabled`), as "true" elsewhere (`data-*`).
          info.boolean || info.overloadedBoolean
          ? ''
          : 'true'
        : String(value);
    element.setAttribute(info.attribute, text);
  }
}

const newTab = (link: HTMLAnchorElement) => {
  link.target = '_blank';
  link.rel = 'noopener noreferrer nofollow';
};

function link(document: Document, node: Element): HTMLElement {
  const href = typeof node.properties.href === 'string' ? node.properties.href : '';
  const { href: _href, ...rest } = node.properties;
  if (!href) {
    const span = document.createElement('span');
    span.append(...children(document, node));
    return span;
  }
  const anchor = document.createElement('a');
  setProperties(anchor, rest);
  anchor.setAttribute('href', href);
  if (isFragment(href)) anchor.addEventListener('click', (event) => jumpToFragment(anchor, event));
  else newTab(anchor);
  anchor.append(...children(document, node));
  return anchor;
}

function image(document: Document, node: Element): HTMLElement {
  const { src, alt } = node.properties;
  const label = `[Image: ${typeof alt === 'string' && alt ? alt : 'untitled'}]`;
  if (typeof src !== 'string' || !safeUrl(src)) {
    const span = document.createElement('span');
    span.className = 'muted';
    span.textContent = label;
    return span;
  }
  const anchor = document.createElement('a');
  anchor.setAttribute('href', src);
  newTab(anchor);
  anchor.className = 'markdown-image-link';
  anchor.textContent = label;
  return anchor;
}

/** Markdown ends a fenced block's text with a newline; the code block shows it without (see ../code-block.tsx). */
export const codeSource = (code: string): string => (code.endsWith('\n') ? code.slice(0, -1) : code);

/** A copy button like ../copy-button.tsx's: copies the block's code and says so for a moment. */
function copyButton(document: Document): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-small copy-button';
  button.setAttribute('aria-live', 'polite');
  button.textContent = 'Copy code';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (label: string) => {
    button.textContent = label;
    clearTimeout(timer);
    timer = setTimeout(() => (button.textContent = 'Copy code'), 1500);
  };
  button.addEventListener('click', () => {
    const text = button.closest('.code-block')?.querySelector('pre')?.textContent ?? '';
    navigator.clipboard.writeText(text).then(
      () => show('Copied'),
      () => show('Copy failed'),
    );
  });
  return button;
}

export interface CodeBlockNodes {
  block: HTMLElement;
  /** Where the code's text goes: more is appended here while the fence grows. */
  code: HTMLElement;
}

/** A code block as ../code-block.tsx renders it unhighlighted (a streaming answer's code stays plain). */
export function codeBlock(document: Document, node: Element): CodeBlockNodes {
  const { code: text, language } = fencedCode(node);
  const block = document.createElement('div');
  block.className = 'code-block';
  const pre = document.createElement('pre');
  pre.tabIndex = 0;
  if (language !== undefined) pre.setAttribute('data-language', language);
  const code = document.createElement('code');
  if (language) code.className = `language-${language}`;
  const source = codeSource(text);
  if (source) code.append(document.createTextNode(source));
  pre.append(code);
  block.append(pre, copyButton(document));
  return { block, code };
}

function children(document: Document, node: Element): Node[] {
  return shownChildren(node).flatMap((child) => {
    const made = buildNode(document, child);
    return made ? [made] : [];
  });
}

/** The DOM of one hast node (null for what React renders as nothing: comments). */
export function buildNode(document: Document, node: ElementContent): Node | null {
  if (node.type === 'text') return document.createTextNode(node.value);
  if (node.type !== 'element') return null;
  if (node.tagName === 'a') return link(document, node);
  if (node.tagName === 'img') return image(document, node);
  if (node.tagName === 'pre') return codeBlock(document, node).block;
  return plainElement(document, node, children(document, node));
}

/** An element with its properties and the given children. */
export function plainElement(document: Document, node: Element, content: readonly Node[]): HTMLElement {
  const element = document.createElement(node.tagName);
  setProperties(element, node.properties);
  element.append(...content);
  return element;
}
