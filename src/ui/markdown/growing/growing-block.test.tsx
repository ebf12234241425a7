import { act } from '@testing-library/react';
import fc from 'fast-check';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import ReactMarkdown from 'react-markdown';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHighlightSwitch, HighlightCode } from '@/ui/markdown/markdown-components';
import { GrowingBlock } from './growing-block';
import { markdownOptions, type RehypeOptions } from '@/ui/markdown/markdown-hast';

const rehype: RehypeOptions = {
  clobberPrefix: 'md-test-',
  footnoteLabelTagName: 'p',
  footnoteLabelProperties: { className: ['footnotes-label'] },
};
const plain = createHighlightSwitch(false);

/** The DOM as markup with attributes in order and adjacent text joined: what a reader and the page see. */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node as Text).data.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as HTMLElement;
  const attributes = [...element.attributes]
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort()
    .join(' ');
  const checked = element instanceof HTMLInputElement && element.checked ? ' (checked)' : '';
  const inner = [...element.childNodes].map(canonical).join('');
  return `<${element.tagName.toLowerCase()}${attributes ? ` ${attributes}` : ''}${checked}>${inner}</${element.tagName.toLowerCase()}>`;
}
const inner = (element: Element) => [...element.childNodes].map(canonical).join('');

let reactBox: HTMLDivElement;
let root: Root;
beforeEach(() => {
  reactBox = document.createElement('div');
  document.body.append(reactBox);
  root = createRoot(reactBox);
});
afterEach(() => {
  act(() => root.unmount());
  reactBox.remove();
  document.body.replaceChildren();
});

let renders = 0;

/**
 * What React renders for `text` through react-markdown and our components, code unhighlighted as while streaming.
 * Mounted afresh each time: an input React updates keeps the `checked` attribute it was created with (a task
 * item ticked in one text and not in the next would compare as ticked).
 */
function reactMarkup(text: string): string {
  renders += 1;
  act(() =>
    flushSync(() =>
      root.render(
        <HighlightCode.Provider key={renders} value={plain}>
          <ReactMarkdown {...markdownOptions} remarkRehypeOptions={rehype}>
            {text}
          </ReactMarkdown>
        </HighlightCode.Provider>,
      ),
    ),
  );
  return inner(reactBox);
}

function growingBox() {
  const box = document.createElement('div');
  document.body.append(box);
  return { box, block: new GrowingBlock(box, rehype) };
}

const pieces = [
  'word',
  'more words',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '**',
  '*',
  '_',
  '`',
  '```',
  '```js\n',
  '~~~\n',
  '- ',
  '1. ',
  '> ',
  '# ',
  '## ',
  '| a | b |\n|---|:-:|\n',
  '| c ',
  '|',
  '[link](https://example.com/a)',
  '[bad](javascript:alert(1))',
  'https://example.com/x',
  'www.example.com',
  'a@b.co',
  '<b>',
  '<script>alert(1)</script>',
  '<div>\n',
  '&amp;',
  '[^1]',
  '[^1]: note',
  '~~',
  '- [ ] ',
  '- [x] ',
  '    ',
  '![img](https://example.com/i.png)',
  '![x](data:x)',
  '\\',
  '---',
  '===',
  'é',
  '12',
  '.',
  ')',
  '[ref]',
  '[ref]: https://example.com',
  '\t',
  '#',
];

const documents = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 24 }).map((parts) => parts.join(''));

/** The document cut into the chunks it streams in. */
const streamed = documents.chain((text) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), { maxLength: 12 })
    .map((cuts) => ({ text, cuts: [...cuts.sort((a, b) => a - b), text.length] })),
);

describe('GrowingBlock', () => {
  it('paints every prefix of a streamed text as React renders the same markdown', () => {
    fc.assert(
      fc.property(streamed, ({ text, cuts }) => {
        const { box, block } = growingBox();
        for (const cut of cuts) {
          const prefix = text.slice(0, cut);
          block.update(prefix);
          expect(inner(box), JSON.stringify(prefix)).toBe(reactMarkup(prefix));
        }
        box.remove();
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('paints words typed at the end of a paragraph as text nodes appended, the earlier nodes left as they were', () => {
    const { box, block } = growingBox();
    block.update('Some **bold** text');
    const paragraph = box.querySelector('p');
    const bold = box.querySelector('strong');
    const nodesBefore = paragraph ? [...paragraph.childNodes] : [];
    block.update('Some **bold** text and');
    block.update('Some **bold** text and more words');
    expect(box.querySelector('p')).toBe(paragraph);
    expect(box.querySelector('strong')).toBe(bold);
    expect(paragraph?.textContent).toBe('Some bold text and more words');
    expect([...(paragraph?.childNodes ?? [])].slice(0, nodesBefore.length)).toEqual(nodesBefore);
  });

  it('grows a code block by appending to its code, and re-paints only when the structure changes', () => {
    const { box, block } = growingBox();
    block.update('```js\nconst a = 1;');
    const code = box.querySelector('code');
    block.update('```js\nconst a = 1;\nconst b = 2;');
    expect(box.querySelector('code')).toBe(code);
    expect(code?.textContent).toBe('const a = 1;\nconst b = 2;');
    block.update('```js\nconst a = 1;\nconst b = 2;\n```\n\n- item');
    expect(box.querySelector('code')).toBe(code);
    expect(box.querySelector('li')?.textContent).toBe('item');
    block.update('# Title');
    expect(box.querySelector('code')).toBeNull();
    expect(box.querySelector('h1')?.textContent).toBe('Title');
  });

  it('keeps growing a paragraph in which find has marked a match, and the text reads right once the mark goes', () => {
    const { box, block } = growingBox();
    block.update('find the needle here');
    const text = box.querySelector('p')?.firstChild as Text;
    // What find does (see features/chat/find/mark-match.ts): the match split off into a mark.
    const whole = text.data;
    const matched = text.splitText(9);
    const after = matched.splitText(6);
    const mark = document.createElement('mark');
    matched.before(mark);
    mark.append(matched);
    block.update('find the needle here and there');
    expect(box.querySelector('p')?.textContent).toBe('find the needle here and there');
    text.data = whole;
    mark.remove();
    after.remove();
    expect(box.querySelector('p')?.textContent).toBe('find the needle here and there');
  });

  it('never makes script, raw HTML or javascript: links, whatever the text', () => {
    const { box, block } = growingBox();
    const attack =
      '<img src=x onerror=alert(1)> [x](javascript:alert(1)) <script>alert(2)</script> ![i](javascript:x) <a href="javascript:y">z</a>';
    for (let end = 1; end <= attack.length; end += 7) block.update(attack.slice(0, end));
    block.update(attack);
    expect(box.querySelector('script, img, iframe, [onerror]')).toBeNull();
    for (const link of box.querySelectorAll('a')) expect(link.getAttribute('href')).toMatch(/^https?:|^mailto:|^#/);
  });
});
