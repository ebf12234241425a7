import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import type { TimelineBar, TimelineLayout } from '@/domain/timeline/timeline-layout';
import { VirtualRows } from '@/features/thoughts/virtual-rows';
import { TimebarRow } from './timebar-row';
import './timeline.css';

/** Above this many bars only those in a scroll box of bounded height are mounted (as in the tree). */
export const virtualBarsAbove = 200;

interface TimebarListProps {
  layout: TimelineLayout;
  /** The list's name: "Timeline of thoughts". */
  label: string;
  live: boolean;
  /** Enter (or a click) on a bar: show that node or state where its details are. */
  onOpen(bar: TimelineBar): void;
}

const barKey = (bar: TimelineBar) => bar.id;

const barElement = (list: HTMLElement | null, id: string) =>
  Array.from(list?.querySelectorAll<HTMLElement>('[data-bar-id]') ?? []).find((item) => item.dataset.barId === id);

const moves: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowDown: (index, count) => Math.min(count - 1, index + 1),
  ArrowUp: (index) => Math.max(0, index - 1),
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Bars on one time axis, as a list a screen reader reads with durations, one Tab stop moved with the arrows (Home,
 * End), Enter to open. Large timelines are virtualized.
 */
export function TimebarList({ layout, label, live, onOpen }: TimebarListProps) {
  const { bars, spanMs } = layout;
  const [activeId, setActiveId] = useState<string | null>(null);
  const found = activeId === null ? -1 : bars.findIndex((bar) => bar.id === activeId);
  const activeIndex = found < 0 ? 0 : found;
  const listRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const scrollTo = useRef<(index: number) => void>(() => undefined);
  const virtual = bars.length > virtualBarsAbove;

  // A bar the keyboard moved to is focused once it is mounted (a virtualized one, after its scroll).
  useEffect(() => {
    const id = pendingFocus.current;
    const element = id === null ? undefined : barElement(listRef.current, id);
    if (element) {
      pendingFocus.current = null;
      element.focus();
    }
  });

  const indexOf = (target: EventTarget): number => {
    const id = target instanceof HTMLElement ? target.dataset.barId : undefined;
    return id === undefined ? -1 : bars.findIndex((bar) => bar.id === id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = moves[event.key];
    const index = indexOf(event.target);
    if (!move || index < 0) return;
    event.preventDefault();
    const target = bars[move(index, bars.length)] as TimelineBar;
    setActiveId(target.id);
    scrollTo.current(bars.indexOf(target));
    const element = barElement(listRef.current, target.id);
    if (element) element.focus();
    else pendingFocus.current = target.id;
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const bar = bars[indexOf(event.target)];
    if (bar && bar.id !== activeId) setActiveId(bar.id);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-bar-id]') : null;
    const bar = button ? bars[indexOf(button)] : undefined;
    if (bar) onOpen(bar);
  };

  const renderRow = (bar: TimelineBar, index: number) => (
    <TimebarRow key={bar.id} bar={bar} index={index} count={bars.length} tabStop={index === activeIndex} />
  );

  return (
    <div className="timebars">
      <div className="timebar-axis small muted" aria-hidden="true">
        <span>0 s</span>
        <span>
          {live ? <span className="live-dot" /> : null}
          {(spanMs / 1000).toFixed(1)} s
        </span>
      </div>
      {/* Keys and clicks are handled here for every bar: one listener, whatever the number of bars. */}
      <div
        ref={listRef}
        role="list"
        aria-label={label}
        aria-busy={live}
        className={virtual ? 'timebar-list timebar-list-scroll' : 'timebar-list'}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onClick={onClick}
      >
        {virtual ? (
          <VirtualRows
            rows={bars}
            keyOf={barKey}
            activeIndex={activeIndex}
            scrollElement={listRef as RefObject<HTMLDivElement | null>}
            scrollTo={scrollTo}
            renderRow={renderRow}
          />
        ) : (
          bars.map(renderRow)
        )}
      </div>
    </div>
  );
}
