import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { ThoughtNode } from '@/domain/thoughts/thought-tree';
import { ThoughtRow } from './thought-row';
import { useThoughtViewApi, useThoughtViewStore } from './thought-view-store';
import type { TreeView } from './tree-open-state';
import { VirtualRows } from './virtual-rows';
import { ancestorIds, treeKeyAction, visibleRows, type TreeRow } from './visible-rows';

/** Above this many visible nodes only those in a scroll box of bounded height are mounted. */
export const virtualAbove = 200;

interface ThoughtTreeProps {
  roots: readonly ThoughtNode[];
  turnId: string;
  view: TreeView;
  hideToolOutputs: boolean;
}

const rowKey = (row: TreeRow) => row.node.id;

const rowElement = (tree: HTMLElement | null, id: string) =>
  Array.from(tree?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []).find(
    (item) => item.dataset.thoughtId === id,
  );

/**
 * The tree as a WAI-ARIA tree of flat treeitems (level, position and size on each), one Tab stop, moved through
 * with the keyboard. Small trees are mounted whole; large ones are virtualized.
 */
export function ThoughtTree({ roots, turnId, view, hideToolOutputs }: ThoughtTreeProps) {
  const store = useThoughtViewApi();
  const rows = useMemo(() => visibleRows(roots, view), [roots, view]);
  const indexById = useMemo(() => new Map(rows.map((row, index) => [row.node.id, index])), [rows]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const activeIndex = (activeId === null ? undefined : indexById.get(activeId)) ?? 0;
  const treeRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const scrollTo = useRef<(index: number) => void>(() => undefined);
  const virtual = rows.length > virtualAbove;

  // Find went to a node of this tree: it becomes the tree's Tab stop (so a large tree keeps it mounted) and is
  // scrolled into the tree's box.
  const reveal = useThoughtViewStore((state) => (state.reveal?.turnId === turnId ? state.reveal.nodeId : null));
  const focusRevealed = useThoughtViewStore((state) => state.reveal?.focus === true);
  useEffect(() => {
    const index = reveal === null ? undefined : indexById.get(reveal);
    if (reveal === null || index === undefined) return;
    setActiveId(reveal);
    // Opened from the timeline: the keyboard goes on in the tree, on that node.
    if (focusRevealed) pendingFocus.current = reveal;
    if (virtual) scrollTo.current(index);
    store.getState().revealTaken();
  }, [store, reveal, focusRevealed, indexById, virtual]);

  // The row keyboard moved to is focused once it is mounted (a virtualized one, after its scroll).
  useEffect(() => {
    const id = pendingFocus.current;
    const element = id === null ? undefined : rowElement(treeRef.current, id);
    if (element) {
      pendingFocus.current = null;
      element.focus();
    }
  });

  const rowAt = (target: EventTarget): [number, TreeRow] | null => {
    if (!(target instanceof HTMLElement) || target.getAttribute('role') !== 'treeitem') return null;
    const index = indexById.get(target.dataset.thoughtId ?? '');
    const row = index === undefined ? undefined : rows[index];
    return index === undefined || !row ? null : [index, row];
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const found = rowAt(event.target);
    if (!found) return;
    const [index, row] = found;
    const action = treeKeyAction(rows, index, event.key);
    if (!action) return;
    event.preventDefault();
    if ('toggle' in action) {
      store.getState().nodeToggled(turnId, row.node.id, action.toggle);
      return;
    }
    const target = rows[action.focus] as TreeRow;
    setActiveId(target.node.id);
    scrollTo.current(action.focus);
    const element = rowElement(treeRef.current, target.node.id);
    if (element) element.focus();
    else pendingFocus.current = target.node.id;
  };

  // Focus inside a node keeps the nodes around it open, even when they finish (finished nodes close by themselves).
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const found = rowAt(event.target);
    if (!found) return;
    const [index, row] = found;
    if (activeId !== row.node.id) setActiveId(row.node.id);
    const ids = ancestorIds(rows, index);
    if (ids.length) store.getState().nodesFocused(turnId, ids);
  };

  const renderRow = (row: TreeRow, index: number) => (
    <ThoughtRow
      key={row.node.id}
      row={row}
      index={index}
      tabStop={index === activeIndex}
      hideOutput={hideToolOutputs && row.node.authorType.toLowerCase() === 'tool'}
      turnId={turnId}
    />
  );

  return (
    <div
      ref={treeRef}
      role="tree"
      aria-label="Thought tree"
      className={virtual ? 'thought-tree thought-tree-scroll' : 'thought-tree'}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      {virtual ? (
        <VirtualRows
          rows={rows}
          keyOf={rowKey}
          activeIndex={activeIndex}
          scrollElement={treeRef as RefObject<HTMLDivElement | null>}
          scrollTo={scrollTo}
          renderRow={renderRow}
        />
      ) : (
        rows.map(renderRow)
      )}
    </div>
  );
}
