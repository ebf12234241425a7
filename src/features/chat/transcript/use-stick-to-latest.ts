import { useEffect, useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { FollowLatest } from './use-follow-latest';

/** Within this many pixels of the end, the reader is at the end. */
const atEndPx = 8;
/** A scroll this soon after a wheel turn, key press or touch is the reader's own. */
const intentMs = 600;
const scrollKeys: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp', 'Home', ' ', 'ArrowDown', 'PageDown', 'End']);

interface StickOptions {
  scroller: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>;
  follow: FollowLatest;
  length: number;
  lastId: string | undefined;
  streaming: boolean;
  /** The streaming answer's text has begun. */
  answering: boolean;
  /** Only the latest turns are there yet; the whole conversation replaces them. */
  part: boolean;
  /** Where the turn with this row key stands now (-1 when gone). */
  indexOfKey(key: string): number;
}

/**
 * Moves the view for the reader: to the end when the conversation opens and when a new answer starts there,
 * and tells `follow` when the reader scrolls away from the end or back to it. Growth while following is the
 * virtualizer's work (its ResizeObserver keeps the end in view), so no frame reads the layout here.
 */
export function useStickToLatest({
  scroller,
  virtualizer,
  follow,
  length,
  lastId,
  streaming,
  answering,
  part,
  indexOfKey,
}: StickOptions): void {
  // While only the latest turns show: the row at the top of the view, kept from the last scroll.
  const topKey = useRef<string | null>(null);
  // Opened at its end, with the latest turns or the whole conversation. When the whole conversation replaces
  // the latest turns, before that paint, the reader stays where they were: following the end, or on the row
  // they had scrolled to.
  const opened = useRef<'no' | 'part' | 'whole'>('no');
  const placeAfterSwap = useEffectEvent(() => {
    const index = topKey.current === null ? -1 : indexOfKey(topKey.current);
    if (follow.following || index < 0) virtualizer.scrollToEnd();
    else virtualizer.scrollToIndex(index, { align: 'start' });
  });
  useLayoutEffect(() => {
    if (length === 0 || opened.current === 'whole') return;
    const wasPart = opened.current === 'part';
    opened.current = part ? 'part' : 'whole';
    if (!wasPart) virtualizer.scrollToEnd();
    else if (!part) placeAfterSwap();
  }, [length, part, virtualizer]);

  const previous = useRef<{ lastId: string | undefined; streaming: boolean; answering: boolean }>({
    lastId: undefined,
    streaming: false,
    answering: false,
  });
  const following = follow.following;
  const resumed = follow.resumed;
  useEffect(() => {
    const before = previous.current;
    previous.current = { lastId, streaming, answering };
    const started = streaming && (lastId !== before.lastId || !before.streaming);
    // The thought tree grew below the fold without moving the view; its text is what a following reader came for.
    const textBegan = streaming && answering && !before.answering && lastId === before.lastId;
    // A question just asked (or an answer regenerated) at the end: the reader goes there with it.
    if (started) {
      resumed();
      virtualizer.scrollToEnd();
    } else if (textBegan && following) virtualizer.scrollToEnd();
    // The finished answer is drawn once more, whole: the end stays in view if the reader was there. Read in the next
    // frame, which lays the answer out anyway, not in the task that drew it: reading its end there forced a layout of
    // the whole answer into that task (15 ms of a 56 ms task at the end of a 200 KB answer, in a trace).
    // Not if something above the end took the keyboard meanwhile (a paused call's card): it stays in view.
    else if (!streaming && before.streaming && lastId === before.lastId && following) {
      const frame = requestAnimationFrame(() => follow.isFollowing() && virtualizer.scrollToEnd());
      return () => cancelAnimationFrame(frame);
    }
    return undefined;
  }, [lastId, streaming, answering, following, resumed, virtualizer, follow]);

  const onScrolled = useEffectEvent((top: number, lastTop: number, intended: boolean) => {
    const viewport = virtualizer.scrollRect?.height ?? 0;
    const atEnd = virtualizer.getTotalSize() - top - viewport <= atEndPx;
    if (part) topKey.current = String(virtualizer.getVirtualItems().find((item) => item.end > top)?.key ?? '') || null;
    if (atEnd) follow.resumed();
    else if (top < lastTop - 1 && intended) follow.left();
  });

  // Whatever takes the keyboard in the transcript (a paused call's card, a form's first field) is in view, and stays
  // there: when going on to the end would take it out of view, the view stops following the end.
  const onFocusMoved = useEffectEvent((target: Element, element: HTMLDivElement) => {
    const view = element.getBoundingClientRect();
    const box = target.getBoundingClientRect();
    const toEnd = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (box.top - toEnd < view.top) follow.left();
    if (box.top < view.top || box.bottom > view.bottom) target.scrollIntoView({ block: 'nearest' });
  });

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let intentAt = Number.NEGATIVE_INFINITY;
    // A press on a row: the focus it gives is where the reader pointed, already in view.
    let pressed: { at: number; target: Node | null } = { at: Number.NEGATIVE_INFINITY, target: null };
    let holding = false;
    let lastTop = element.scrollTop;
    const intent = () => {
      intentAt = performance.now();
    };
    const onWheel = (event: WheelEvent) => event.deltaY < 0 && intent();
    // Keys scroll the transcript when it (or the page, nothing focused) has the keyboard; typing elsewhere does not.
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (scrollKeys.has(event.key) && (target === document.body || (target !== null && element.contains(target))))
        intent();
    };
    // A press on the scroll element itself (not on a row) is on its scrollbar.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target === element) holding = true;
      pressed = { at: performance.now(), target: event.target instanceof Node ? event.target : null };
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const pointed = pressed.target !== null && target?.contains(pressed.target) === true;
      if (target && !(pointed && performance.now() - pressed.at < intentMs)) onFocusMoved(target, element);
    };
    const onPointerUp = () => {
      holding = false;
    };
    const onScroll = () => {
      const top = element.scrollTop;
      onScrolled(top, lastTop, holding || performance.now() - intentAt < intentMs);
      lastTop = top;
    };
    const passive = { passive: true } as const;
    element.addEventListener('scroll', onScroll, passive);
    element.addEventListener('wheel', onWheel, passive);
    element.addEventListener('touchmove', intent, passive);
    element.addEventListener('pointerdown', onPointerDown, passive);
    element.addEventListener('focusin', onFocusIn);
    window.addEventListener('pointerup', onPointerUp, passive);
    window.addEventListener('keydown', onKey, passive);
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('touchmove', intent);
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('keydown', onKey);
    };
  }, [scroller]);
}
