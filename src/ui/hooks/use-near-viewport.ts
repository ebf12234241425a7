import { useEffect, useState, type RefObject } from 'react';

/** About two screens above and below: what a reader reaches with a flick of the wheel. */
const margin = '1600px 0px';

type Seen = () => void;
let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, Seen>();

// One observer for every element that waits: a finished answer may have a hundred code blocks.
function watch(element: Element, seen: Seen): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        waiting.get(entry.target)?.();
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: margin },
  );
  waiting.set(element, seen);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * True once the element has come within about two screens of the viewport (and from then on), while
 * `wanted`. Work for elements far out of sight (highlighting the code of a long answer) waits until the reader
 * gets near. A browser without IntersectionObserver treats everything as near.
 */
export function useNearViewport(ref: RefObject<Element | null>, wanted: boolean): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!wanted || near || !element) return;
    return watch(element, () => setNear(true));
  }, [ref, wanted, near]);
  return near;
}
