import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is narrower than `width` pixels, kept current as it resizes. A bar folds by its own width, not
 * the window's: a wide rail or a split screen narrows it as much as a phone does.
 */
export function useNarrowerThan(ref: RefObject<HTMLElement | null>, width: number): boolean {
  const [narrow, setNarrow] = useState(false);
  // Measured before the first paint, so a phone never shows the wide bar for a frame.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setNarrow(element.getBoundingClientRect().width < width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, width]);
  return narrow;
}
