import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, type ReactNode, type RefObject } from 'react';

interface VirtualRowsProps<Row> {
  rows: readonly Row[];
  /** A row's stable key (its node's id). */
  keyOf(row: Row): string;
  /** The tree's Tab stop: always mounted, so Tab reaches the tree wherever it is scrolled. */
  activeIndex: number;
  scrollElement: RefObject<HTMLDivElement | null>;
  /** Set here: how the tree scrolls a row into view before focusing it. */
  scrollTo: RefObject<(index: number) => void>;
  renderRow(row: Row, index: number): ReactNode;
}

/** The visible rows of a large tree (or timeline), of which only those in (or near) the scroll box are mounted. */
export function VirtualRows<Row>({
  rows,
  keyOf,
  activeIndex,
  scrollElement,
  scrollTo,
  renderRow,
}: VirtualRowsProps<Row>) {
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex < range.count && !indexes.includes(activeIndex)) indexes.push(activeIndex);
      return indexes.sort((a, b) => a - b);
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => 30,
    // The box's height (36rem) until it is measured: a list that is large from its first paint shows rows at once.
    initialRect: { width: 0, height: 576 },
    overscan: 8,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : keyOf(row);
    },
    rangeExtractor,
    // Rows are measured as they mount (inside React's commit): a synchronous re-render from there is refused.
    useFlushSync: false,
  });
  useEffect(() => {
    scrollTo.current = (index) => virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [scrollTo, virtualizer]);
  return (
    <div role="none" className="thought-tree-space" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        return row !== undefined ? (
          <div
            key={item.key}
            role="none"
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="thought-tree-slot"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {renderRow(row, item.index)}
          </div>
        ) : null;
      })}
    </div>
  );
}
