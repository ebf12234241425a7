import { useEffect, useEffectEvent, type RefObject } from 'react';
import type { FindMatch } from '@/domain/conversations/search/find';
import { useRevealThought } from '@/features/thoughts';
import { markMatch, type MarkedMatch } from './mark-match';

/** How many frames a match may take to be mounted (scrolled to, its thought node opened) before find gives up on it. */
const patienceFrames = 90;

// Where the match's text shows in the transcript row of its turn, once that row is mounted.
function targetOf(scroller: HTMLElement | null, match: FindMatch): { element: Element; skip?: string } | null {
  const row = scroller?.querySelector(`.transcript-row[data-index="${match.turnIndex}"]`);
  if (!row) return null;
  const { place } = match;
  const found = (element: Element | null | undefined, skip?: string) =>
    element ? { element, ...(skip ? { skip } : {}) } : null;
  if (place.kind === 'question') return found(row.querySelector('.turn-question-text'));
  if (place.kind === 'answer') return found(row.querySelector('[data-testid="answer-text"]'));
  const item = row.querySelector(`[role="treeitem"][data-thought-id="${CSS.escape(place.nodeId)}"]`);
  if (place.part === 'name') return found(item?.querySelector('.thought-author'));
  if (place.part === 'input') return found(item?.querySelector('.thought-section'));
  return found(item?.querySelector('.thought-body'), '.thought-section, .thought-metadata');
}

const inView = (element: Element, scroller: HTMLElement) => {
  const box = element.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  return box.top >= view.top && box.bottom <= view.bottom;
};

interface RevealOptions {
  match: FindMatch | undefined;
  query: string;
  scroller: RefObject<HTMLDivElement | null>;
  /** Brings the turn at this index of the transcript into view (mounting it). */
  scrollToTurn(index: number): void;
}

/**
 * Shows the current match: its turn scrolled to (mounted if it was not), its thought node and the nodes above it
 * opened, and the matched text marked and centred. The mark goes when the match changes or find closes.
 */
export function useRevealMatch({ match, query, scroller, scrollToTurn }: RevealOptions): void {
  const scrollTo = useEffectEvent(scrollToTurn);
  const revealThought = useRevealThought();
  useEffect(() => {
    if (!match) return;
    const { place } = match;
    if (place.kind === 'thought')
      revealThought(match.turnId, [place.nodeId, ...place.ancestorIds], place.part === 'name' ? undefined : place.part);
    scrollTo(match.turnIndex);
    let marked: MarkedMatch | null = null;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      tries += 1;
      const element = scroller.current;
      const target = targetOf(element, match);
      marked = target ? markMatch(target.element, query, match.occurrence, target.skip) : null;
      if (marked && element) {
        const mark = marked.mark;
        mark.scrollIntoView({ block: 'center' });
        // Rows above it measured as they mounted may have moved it: once more, a frame later, if so.
        frame = requestAnimationFrame(() => {
          if (!inView(mark, element)) mark.scrollIntoView({ block: 'center' });
        });
        return;
      }
      if (tries >= patienceFrames) {
        target?.element.scrollIntoView({ block: 'center' });
        return;
      }
      // The virtualizer places a far row by estimate first: asked again while the rows on the way are measured.
      if (tries % 15 === 0) scrollTo(match.turnIndex);
      frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => {
      cancelAnimationFrame(frame);
      (marked as MarkedMatch | null)?.undo();
    };
  }, [match, query, scroller, revealThought]);
}
