import { useEffect, useRef } from 'react';

/** A ref for an element; `onVisible` runs whenever it scrolls into view (null: nothing to do now). */
export function useOnVisible<T extends Element>(onVisible: (() => void) | null) {
  const ref = useRef<T>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  const active = onVisible !== null;
  useEffect(() => {
    const element = ref.current;
    if (!element || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current?.();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}
