import { useLayoutEffect, type RefObject } from 'react';

/** A textarea as tall as its text, up to `maxPx`; beyond it, it scrolls. */
export function useAutoHeight(textarea: RefObject<HTMLTextAreaElement | null>, text: string, maxPx: number): void {
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    // scrollHeight leaves the borders out, a border-box height counts them: without them one line overflows.
    const borders = element.offsetHeight - element.clientHeight;
    const wanted = element.scrollHeight + borders;
    element.style.height = `${Math.min(wanted, maxPx)}px`;
    element.style.overflowY = wanted > maxPx ? 'auto' : 'hidden';
  }, [textarea, text, maxPx]);
}
