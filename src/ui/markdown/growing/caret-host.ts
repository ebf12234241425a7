// Where a growing answer's caret goes: the element whose ::after ends the text on its last line. Found in code and
// marked with one attribute, because the same rule as selectors (:last-child chains and a :has() per group) made the
// browser restyle hundreds of the answer's elements on every update.

const textBlock: ReadonlySet<string> = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const list: ReadonlySet<string> = new Set(['UL', 'OL']);
/** Children that make a list item a container of blocks rather than a line of text. */
const blockChild: ReadonlySet<string> = new Set([...textBlock, ...list, 'DIV', 'PRE', 'TABLE', 'BLOCKQUOTE']);

export const caretAttribute = 'data-caret';

const codeOf = (block: Element): Element | null => block.querySelector('code');

function inListItem(item: Element): Element | null {
  const children = Array.from(item.children);
  if (!children.some((child) => blockChild.has(child.tagName))) return item;
  const last = item.lastElementChild;
  if (!last) return null;
  if (textBlock.has(last.tagName)) return last;
  if (last.classList.contains('code-block')) return codeOf(last);
  if (list.has(last.tagName)) return last.lastElementChild ? inListItem(last.lastElementChild) : null;
  return null;
}

/** The caret's element inside a top-level block: after the last word of a paragraph, item, cell or code. */
function inBlock(block: Element): Element | null {
  if (textBlock.has(block.tagName)) return block;
  if (block.classList.contains('code-block')) return codeOf(block);
  if (block.tagName === 'BLOCKQUOTE') {
    const last = block.lastElementChild;
    return last && textBlock.has(last.tagName) ? last : null;
  }
  if (block.tagName === 'TABLE') return block.lastElementChild?.lastElementChild?.lastElementChild ?? null;
  if (list.has(block.tagName)) return block.lastElementChild ? inListItem(block.lastElementChild) : null;
  return block;
}

/**
 * The element to hold the caret in a rendered markdown box (`.markdown`, its blocks in groups): the end of its last
 * block. While the growing block shows nothing yet (a link definition, say), the caret stays after the block before.
 */
export function caretHost(markdown: Element): Element | null {
  let group = markdown.lastElementChild;
  if (group && group.childNodes.length === 0) group = group.previousElementSibling;
  const last = group?.lastElementChild;
  return last ? inBlock(last) : null;
}

/** Moves the caret's mark from `previous` to `host` (none: null), touching neither when it stays; returns `host`. */
export function moveCaret(previous: Element | null, host: Element | null): Element | null {
  if (previous !== host) previous?.removeAttribute(caretAttribute);
  if (host && !host.hasAttribute(caretAttribute)) host.setAttribute(caretAttribute, '');
  return host;
}
