import { describe, expect, it } from 'vitest';
import { applyThought, emptyThoughtTree, type ThoughtNode } from '@/domain/thoughts/thought-tree';
import type { WireThought } from '@/domain/wire';
import { wireThought } from '@/test/wire-thought';
import { createThoughtViewStore } from './thought-view-store';
import { emptyTreeView, isNodeOpen, withAll, withKeptOpen, withNode, type TreeView } from './tree-open-state';
import { ancestorIds, treeKeyAction, visibleRows } from './visible-rows';

const done = (id: string, fields: Partial<WireThought> = {}) => wireThought(id, { in_progress: false, ...fields });
const roots = (...thoughts: WireThought[]): readonly ThoughtNode[] =>
  thoughts.reduce(applyThought, emptyThoughtTree).roots;
const outline = (nodes: readonly ThoughtNode[], view: TreeView) =>
  visibleRows(nodes, view).map(
    (row) => `${row.level} ${row.node.id} ${row.posInSet}/${row.setSize}${row.open ? ' open' : ''}`,
  );

const tree = roots(
  done('a'),
  done('a1', { parent_id: 'a' }),
  wireThought('a2', { parent_id: 'a' }),
  done('a2x', { parent_id: 'a2' }),
  done('b'),
);

describe('the view of one turn’s tree', () => {
  it('treats ids named like what every object inherits as ids: closed until chosen, kept open as chosen', () => {
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const [node] = roots(done(id), done('child', { parent_id: id }));
      if (!node) throw new Error('no node');
      expect(isNodeOpen(emptyTreeView, node), id).toBe(false);
      expect(isNodeOpen(withNode(emptyTreeView, id, true), node), id).toBe(true);
      const kept = withKeptOpen(emptyTreeView, [id]);
      expect(Object.hasOwn(kept.nodes, id), id).toBe(true);
      expect(isNodeOpen(kept, node), id).toBe(true);
      expect(outline([node], kept), id).toEqual([`1 ${id} 1/1 open`, '2 child 1/1']);
    }
  });

  it('shows running nodes open and finished ones closed until someone chooses', () => {
    expect(outline(tree, emptyTreeView)).toEqual(['1 a 1/2', '1 b 2/2']);
    const opened = withNode(emptyTreeView, 'a', true);
    expect(outline(tree, opened)).toEqual(['1 a 1/2 open', '2 a1 1/2', '2 a2 2/2 open', '3 a2x 1/1', '1 b 2/2']);
  });

  it('expands or collapses everything in one change, and later choices are exceptions to it', () => {
    const all = withAll(withNode(emptyTreeView, 'a', false), true);
    expect(all.nodes).toEqual({});
    expect(outline(tree, all)).toHaveLength(5);
    expect(outline(tree, withNode(all, 'a2', false))).toEqual([
      '1 a 1/2 open',
      '2 a1 1/2 open',
      '2 a2 2/2',
      '1 b 2/2 open',
    ]);
    expect(outline(tree, withAll(all, false))).toEqual(['1 a 1/2', '1 b 2/2']);
  });

  it('pins open the nodes around the focus that only followed their status, leaving choices alone', () => {
    const view = withKeptOpen(withNode(emptyTreeView, 'b', false), ['a2', 'b']);
    expect(view.nodes).toEqual({ a2: true, b: false });
    expect(withKeptOpen(view, ['a2'])).toBe(view);
    expect(isNodeOpen(view, tree[0]?.children[1] as ThoughtNode)).toBe(true);
  });

  it('keeps each turn’s view apart in the store, and leaves other turns’ views as the same objects', () => {
    const views = createThoughtViewStore();
    const store = views.getState();
    store.nodeToggled('turn-1', 'a', true);
    const other = views.getState().views['turn-1'];
    store.nodeToggled('turn-2', 'a', false);
    store.panelToggled('turn-2', true);
    store.textShown('turn-2', 'a:message', 'page');
    const after = views.getState().views;
    expect(after['turn-1']).toBe(other);
    expect(after['turn-1']?.nodes).toEqual({ a: true });
    expect(after['turn-2']).toEqual({ open: true, nodes: { a: false }, texts: { 'a:message': 'page' } });
  });
});

describe('moving through the tree with the keyboard', () => {
  const rows = visibleRows(tree, withAll(emptyTreeView, true));

  it('goes down, up and to the ends over visible rows, staying put at the edges', () => {
    expect(treeKeyAction(rows, 0, 'ArrowDown')).toEqual({ focus: 1 });
    expect(treeKeyAction(rows, 0, 'ArrowUp')).toEqual({ focus: 0 });
    expect(treeKeyAction(rows, 2, 'End')).toEqual({ focus: 4 });
    expect(treeKeyAction(rows, 4, 'Home')).toEqual({ focus: 0 });
  });

  it('opens or enters with Right, closes or goes to the parent with Left, toggles with Enter and Space', () => {
    expect(treeKeyAction(rows, 2, 'ArrowRight')).toEqual({ focus: 3 });
    expect(treeKeyAction(rows, 3, 'ArrowRight')).toEqual({ focus: 3 });
    expect(treeKeyAction(rows, 3, 'ArrowLeft')).toEqual({ toggle: false });
    const closed = visibleRows(tree, withNode(withAll(emptyTreeView, true), 'a2x', false));
    expect(treeKeyAction(closed, 3, 'ArrowLeft')).toEqual({ focus: 2 });
    expect(treeKeyAction(closed, 3, 'ArrowRight')).toEqual({ toggle: true });
    expect(treeKeyAction(closed, 3, 'Enter')).toEqual({ toggle: true });
    expect(treeKeyAction(rows, 3, ' ')).toEqual({ toggle: false });
    expect(treeKeyAction(rows, 3, 'a')).toBeNull();
    expect(ancestorIds(rows, 3)).toEqual(['a2', 'a']);
  });

  it('flattens a tree 20,000 levels deep without running out of stack', () => {
    let node: ThoughtNode | undefined;
    for (let depth = 20_000; depth > 0; depth -= 1)
      node = { ...(tree[1] as ThoughtNode), id: `d${depth}`, children: node ? [node] : [] };
    expect(visibleRows([node as ThoughtNode], withAll(emptyTreeView, true))).toHaveLength(20_000);
  });
});
