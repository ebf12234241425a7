/**
 * Collects items and hands them over at most once per animation frame, so a fast stream costs one render
 * per frame instead of one per chunk. `flush` hands over what is pending at once (before an end event).
 */
export function createFrameBatcher<T>(
  deliver: (items: T[]) => void,
  schedule: (run: () => void) => unknown = requestAnimationFrame,
) {
  let pending: T[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    deliver(items);
  };
  return {
    push(item: T) {
      pending.push(item);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    flush,
  };
}
