import { useEffect, useState, type RefObject } from 'react';

/** About two screens above and below: what a reader reaches with a flick of the wheel. */
export const nearMargin = '1600px 0px';

type Seen = () => void;
const waiting = new Map<Element, Seen>();
// One observer per scrolling box for every element that waits in it: a finished answer may have a hundred code blocks.
// Held weakly by the box: a transcript left behind (another screen) takes its observer with it.
const observers = new WeakMap<Element, IntersectionObserver>();
let pageObserver: IntersectionObserver | undefined;

/**
 * The box the element scrolls in (the transcript), or null for the page. An observer of the page's viewport would
 * see the element clipped by that box with no margin at all: code just above the transcript's top edge would count
 * as far, and stay plain until it is scrolled fully into sight.
 */
function scrollingBox(element: Element): Element | null {
  for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    // A box that scrolls only sideways (a wide table's) computes its overflow-y as auto too: it must also be taller
    // inside than it shows.
    const scrolls = overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay';
    if (scrolls && box.scrollHeight > box.clientHeight) return box;
  }
  return null;
}

function observerFor(root: Element | null): IntersectionObserver {
  let observer = root ? observers.get(root) : pageObserver;
  if (!observer) {
    const made = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          waiting.get(entry.target)?.();
          waiting.delete(entry.target);
          made.unobserve(entry.target);
        }
      },
      { root, rootMargin: nearMargin },
    );
    if (root) observers.set(root, made);
    else pageObserver = made;
    observer = made;
  }
  return observer;
}

/**
 * Calls `seen` once the element comes within about two screens of sight in its scrolling box (at once where there is
 * no IntersectionObserver); answers a cancel.
 */
export function whenNear(element: Element, seen: Seen): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    seen();
    return () => undefined;
  }
  const observer = observerFor(scrollingBox(element));
  waiting.set(element, seen);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer.unobserve(element);
  };
}

/**
 * True once the element has come within about two screens of what is in sight in the box it scrolls in (and from
 * then on), while `wanted`. Work for elements far out of sight (highlighting the code of a long answer) waits until
 * the reader gets near. A browser without IntersectionObserver treats everything as near.
 */
export function useNearViewport(ref: RefObject<Element | null>, wanted: boolean): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!wanted || near || !element) return;
    return whenNear(element, () => setNear(true));
  }, [ref, wanted, near]);
  return near;
}
