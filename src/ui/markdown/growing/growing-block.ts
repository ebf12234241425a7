// The last block of a streaming answer, painted without React: each update appends text nodes where the markdown's
// structure holds, re-parses the block only when the new text could change that structure, and otherwise patches
// the DOM from the first node that differs. The DOM is the one React renders for the same markdown (see
// ./hast-dom.ts and the equivalence test); the block goes back to React when it closes (../markdown-render.tsx).
import type { Element, ElementContent, Root } from 'hast';
import { fencedCode } from '@/ui/markdown/markdown-components';
import { buildNode, codeBlock, codeSource, componentTags, plainElement, shownChildren } from './hast-dom';
import { markdownHast, type RehypeOptions } from '@/ui/markdown/markdown-hast';

/** A hast node as painted, with the DOM nodes made for it. */
interface View {
  node: ElementContent;
  /** An element's one node; a text's first node and those appended to it since. */
  nodes: Node[];
  /** An element's children (elements painted by a component have none: they are replaced whole). */
  children?: View[];
  /** A code block's element holding its code, and the code shown in it. */
  code?: { element: HTMLElement; source: string };
}

/** Where text can go straight onto the end of the block without parsing it again. */
interface Tail {
  view: View & { node: { type: 'text'; value: string } };
  parent: Node;
}

const sameProperties = (a: Element, b: Element) => JSON.stringify(a.properties) === JSON.stringify(b.properties);

function sameNode(a: ElementContent, b: ElementContent): boolean {
  if (a.type === 'text' || b.type === 'text') return a.type === 'text' && b.type === 'text' && a.value === b.value;
  if (a.type !== 'element' || b.type !== 'element') return a.type === b.type;
  return (
    a.tagName === b.tagName &&
    a.children.length === b.children.length &&
    sameProperties(a, b) &&
    a.children.every((child, index) => {
      const other = b.children[index];
      return other !== undefined && sameNode(child, other);
    })
  );
}

// Text that, added after a word, can only lengthen the text it ends: letters, digits and spaces (no markdown
// syntax, no line break).
const plainAddition = /^[\p{L}\p{N} ]+$/u;
// The block ends in a word of letters and digits that follows a space or a line start (not `*`, `.`, `@`, `&`…).
const plainEnd = /(?:^|\s)([\p{L}\p{N}]+)$/u;

export class GrowingBlock {
  private source = '';
  private views: View[] = [];
  private tail: Tail | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly rehype: RehypeOptions,
  ) {}

  /** Shows `text` (the block as it is now). */
  update(text: string): void {
    if (text === this.source) return;
    if (!this.appendPlain(text)) this.render(markdownHast(text, this.rehype), text);
    this.source = text;
  }

  /** The fast path: words added to a paragraph (or heading, list item, cell) become one more text node. */
  private appendPlain(text: string): boolean {
    const tail = this.tail;
    if (!tail || !text.startsWith(this.source) || !plainAddition.test(text.slice(this.source.length))) return false;
    // Trailing spaces are not shown (markdown trims them) until a word follows them.
    const shown = text.trimEnd().slice(this.source.trimEnd().length);
    if (shown === '') return true;
    const node = this.container.ownerDocument.createTextNode(shown);
    // Appended at the end of its element, after anything find may have put around the text before.
    tail.parent.appendChild(node);
    tail.view.nodes.push(node);
    tail.view.node.value += shown;
    return true;
  }

  private render(tree: Root, text: string): void {
    const next = tree.children.filter((child): child is ElementContent => child.type !== 'doctype');
    this.views = this.patch(this.container, this.views, next);
    this.tail = this.findTail(text);
  }

  /** The views of `next` in `parent`, keeping the DOM of the views before the first that differs. */
  private patch(parent: Node, views: View[], next: readonly ElementContent[]): View[] {
    let first = 0;
    while (
      first < views.length &&
      first < next.length &&
      sameNode((views[first] as View).node, next[first] as ElementContent)
    )
      first += 1;
    if (first === views.length && first === next.length) return views;
    const kept = views.slice(0, first);
    const old = views[first];
    const changed = next[first];
    const after = views.slice(first + 1);
    const nextAfter = next.slice(first + 1);
    // One node changed and all after it are the same: that node is grown in place.
    if (
      old &&
      changed &&
      after.length === nextAfter.length &&
      after.every((view, index) => sameNode(view.node, nextAfter[index] as ElementContent))
    ) {
      const grown = this.grow(old, changed, after[0]?.nodes[0] ?? null);
      if (grown) return [...kept, grown, ...after];
    }
    // Otherwise everything from the first change on is painted again.
    const start = old?.nodes[0];
    if (start) {
      while (start.nextSibling) parent.removeChild(start.nextSibling);
      parent.removeChild(start);
    }
    const document = this.container.ownerDocument;
    for (const node of next.slice(first)) {
      const view = this.build(document, node);
      for (const made of view.nodes) parent.appendChild(made);
      kept.push(view);
    }
    return kept;
  }

  /** `view` grown into `node` without replacing it: longer text, an element whose children grew, longer code. */
  private grow(view: View, node: ElementContent, before: Node | null): View | null {
    const document = this.container.ownerDocument;
    const first = view.nodes[0];
    const parent = first?.parentNode;
    if (!first || !parent) return null;
    if (view.node.type === 'text' && node.type === 'text') {
      if (!node.value.startsWith(view.node.value)) return null;
      const added = document.createTextNode(node.value.slice(view.node.value.length));
      parent.insertBefore(added, before);
      return { node, nodes: [...view.nodes, added] };
    }
    if (view.node.type !== 'element' || node.type !== 'element' || view.node.tagName !== node.tagName) return null;
    if (!sameProperties(view.node, node)) return null;
    if (view.code) {
      const { code, language } = fencedCode(node);
      const source = codeSource(code);
      if (language !== fencedCode(view.node).language || !source.startsWith(view.code.source)) return null;
      if (source.length > view.code.source.length)
        view.code.element.appendChild(document.createTextNode(source.slice(view.code.source.length)));
      return { ...view, node, code: { element: view.code.element, source } };
    }
    if (!view.children) return null;
    return { node, nodes: view.nodes, children: this.patch(first, view.children, shownChildren(node)) };
  }

  private build(document: Document, node: ElementContent): View {
    if (node.type === 'element' && node.tagName === 'pre') {
      const { block, code } = codeBlock(document, node);
      return { node, nodes: [block], code: { element: code, source: code.textContent } };
    }
    if (node.type === 'element' && !componentTags.has(node.tagName)) {
      const children = shownChildren(node).map((child) => this.build(document, child));
      return {
        node,
        nodes: [
          plainElement(
            document,
            node,
            children.flatMap((child) => child.nodes),
          ),
        ],
        children,
      };
    }
    const made = buildNode(document, node);
    return { node, nodes: made ? [made] : [] };
  }

  /**
   * The text node at the very end of the block, when words typed after `text` could only lengthen it: the block
   * ends in a plain word (after a space or a line start) that ends that text node, outside links and code, and
   * holds no HTML (a skipped HTML block can hide text before it).
   */
  private findTail(text: string): Tail | null {
    const end = text.trimEnd();
    if (text.includes('<') || !/^ *$/.test(text.slice(end.length))) return null;
    const word = plainEnd.exec(end)?.[1];
    if (!word) return null;
    let parent: Node = this.container;
    let view = this.views.at(-1);
    while (view?.children) {
      parent = view.nodes[0] ?? parent;
      view = view.children.at(-1);
    }
    if (view?.node.type !== 'text' || !view.node.value.endsWith(word)) return null;
    return { view: view as Tail['view'], parent };
  }
}
