import { describe, expect, it } from 'vitest';
import { markMatch } from './mark-match';

const container = (html: string) => {
  const element = document.createElement('div');
  element.innerHTML = html;
  document.body.append(element);
  return element;
};

describe('marking a match in what a turn shows', () => {
  it('marks the chosen occurrence, case-insensitively, and gives the text nodes back as they were', () => {
    const element = container('<p>Harbour one, harbour two, HARBOUR three</p>');
    const text = element.querySelector('p')?.firstChild as Text;
    const marked = markMatch(element, 'harbour', 1);
    expect(marked?.mark.outerHTML).toBe('<mark class="find-current">harbour</mark>');
    expect(element.textContent).toBe('Harbour one, harbour two, HARBOUR three');
    marked?.undo();
    // The node React rendered is the one left, with its whole text: a later render finds what it knows.
    expect(element.querySelector('p')?.childNodes).toHaveLength(1);
    expect(element.querySelector('p')?.firstChild).toBe(text);
    expect(text.data).toBe('Harbour one, harbour two, HARBOUR three');
  });

  it('marks a match split by formatting in pieces, skips what it is told to, and takes the last when fewer show', () => {
    const element = container(
      '<div class="thought-section">zanzibarite input</div><p>the zan<strong>zibar</strong>ite output</p>',
    );
    const marked = markMatch(element, 'Zanzibarite', 5, '.thought-section');
    expect([...element.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['zan', 'zibar', 'ite']);
    expect(element.querySelector('.thought-section mark')).toBeNull();
    marked?.undo();
    expect(element.querySelectorAll('mark')).toHaveLength(0);
    expect(element.innerHTML).toBe(
      '<div class="thought-section">zanzibarite input</div><p>the zan<strong>zibar</strong>ite output</p>',
    );
  });

  it('leaves a text rendered anew meanwhile as rendered, and finds nothing where the text is not shown', () => {
    const element = container('<p>find me here</p>');
    const text = element.querySelector('p')?.firstChild as Text;
    const marked = markMatch(element, 'me', 0);
    text.data = 'a new text';
    marked?.undo();
    expect(element.querySelector('p')?.textContent).toBe('a new text');
    expect(markMatch(element, 'absent', 0)).toBeNull();
  });
});
