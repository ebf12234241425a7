// @vitest-environment jsdom
import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { inertHtml } from './inert-html';

/** What Markdown itself makes; anything else in the rendered page came from raw HTML passed through. */
const markdownTags = new Set(
  'p h1 h2 h3 h4 h5 h6 em strong del code pre a ul ol li blockquote hr br table thead tbody tr th td input img section sup'.split(
    ' ',
  ),
);

/** Renders as a reader that lets raw HTML through would (an editor preview, a wiki) and lists the raw HTML found. */
function rawHtml(markdown: string): string[] {
  const page = document.createElement('div');
  page.innerHTML = micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  const found: string[] = [];
  for (const element of page.querySelectorAll('*')) {
    const handlers = element.getAttributeNames().filter((name) => name.startsWith('on'));
    if (!markdownTags.has(element.localName) || handlers.length > 0) found.push(element.outerHTML);
  }
  if (page.innerHTML.includes('<!--')) found.push('a comment');
  return found;
}

describe('raw HTML in exported Markdown', { timeout: 30_000 }, () => {
  it('turns tags in text, blocks and tables into inert text', () => {
    const cases: [string, string][] = [
      ['<script>alert(1)</script>', '&lt;script>alert(1)&lt;/script>'],
      ['Look <img src=x onerror=alert(1)> here', 'Look &lt;img src=x onerror=alert(1)> here'],
      ['<div>\n<svg onload=alert(1)>\n</div>', '&lt;div>\n&lt;svg onload=alert(1)>\n&lt;/div>'],
      [
        '| a | b |\n| - | - |\n| <img src=x onerror=alert(1)> | c |',
        '| a | b |\n| - | - |\n| &lt;img src=x onerror=alert(1)> | c |',
      ],
      ['\\`<img src=x onerror=alert(1)>`', '\\`&lt;img src=x onerror=alert(1)>`'],
      ['<!-- hidden --> text', '&lt;!-- hidden --> text'],
    ];
    for (const [given, inert] of cases) {
      expect(inertHtml(given), given).toBe(inert);
      expect(rawHtml(inertHtml(given)), given).toEqual([]);
    }
  });

  it('leaves code, autolinks and formatting as they were', () => {
    const kept = [
      '## Title\n\n**bold** _it_ ~~gone~~ [link](https://example.com)',
      'Inline `<b>not a tag</b>` code',
      '```html\n<script>alert(1)</script>\n```',
      '- item\n\n  ```tsx\n  const a = <T,>(x: T) => x;\n  ```',
      '    <indented code>',
      'Write to <https://example.com> or <me@example.com>',
      'a < b and c > d',
      '> quoted `x<y`',
    ];
    for (const text of kept) expect(inertHtml(text), text).toBe(text);
  });

  it('escapes what a fence in a list would have hidden once the list ends', () => {
    const tricky = '- a\n  ```\nx\n```\ny\n```\n<img src=x onerror=alert(1)>\n```';
    expect(rawHtml(tricky)).not.toEqual([]);
    expect(rawHtml(inertHtml(tricky))).toEqual([]);
    expect(inertHtml(tricky)).toContain('&lt;img src=x onerror=alert(1)>');
  });

  it('never leaves HTML a reader would render, whatever the pieces', () => {
    const piece = fc.constantFrom(
      '<img src=x onerror=alert(1)>',
      '<script>',
      '</div>',
      '<!--',
      '-->',
      '<?x ?>',
      '<![CDATA[',
      '`',
      '```',
      '~~~',
      '\n',
      '\n\n',
      '  ',
      '    ',
      '- ',
      '> ',
      '| ',
      ' | ',
      '|-|',
      '\\',
      'text',
      '<',
      '>',
      '<a href="`">',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        expect(rawHtml(inertHtml(pieces.join('')))).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
