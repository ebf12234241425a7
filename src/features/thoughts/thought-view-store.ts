import { create } from 'zustand';
import {
  emptyTreeView,
  withAll,
  withKeptOpen,
  withNode,
  withPanel,
  withRevealed,
  withText,
  type TextExtent,
  type TreeView,
} from './tree-open-state';

interface ThoughtViewState {
  /** Per turn (or streamed run): what is open in its thought tree. */
  views: Readonly<Record<string, TreeView>>;
  /** Per conversation: hide what tools returned, keep the steps. */
  toolOutputsHidden: Readonly<Record<string, boolean>>;
  /** For conversations where nobody chose (a setting). */
  toolOutputsHiddenByDefault: boolean;
  panelToggled(turnId: string, open: boolean): void;
  nodeToggled(turnId: string, id: string, open: boolean): void;
  allSet(turnId: string, open: boolean): void;
  /** Focus went inside these nodes: they stay open even when they finish. */
  nodesFocused(turnId: string, ids: readonly string[]): void;
  textShown(turnId: string, key: string, extent: TextExtent | undefined): void;
  /** Find reached something in these nodes (and texts): the panel, the nodes and those texts' first page open. */
  revealed(turnId: string, ids: readonly string[], textKeys: readonly string[]): void;
  /** The node find went to last: a large (virtualized) tree scrolls it into its box when it renders. */
  reveal: { turnId: string; nodeId: string } | null;
  revealTaken(): void;
  toolOutputsToggled(scope: string, hidden: boolean): void;
}

type ViewChange = (view: TreeView) => TreeView;

export const useThoughtViewStore = create<ThoughtViewState>((set) => {
  const change = (turnId: string, apply: ViewChange) =>
    set((state) => {
      const before = state.views[turnId] ?? emptyTreeView;
      const after = apply(before);
      return after === before ? state : { views: { ...state.views, [turnId]: after } };
    });
  return {
    views: {},
    toolOutputsHidden: {},
    toolOutputsHiddenByDefault: false,
    panelToggled: (turnId, open) => change(turnId, (view) => withPanel(view, open)),
    nodeToggled: (turnId, id, open) => change(turnId, (view) => withNode(view, id, open)),
    allSet: (turnId, open) => change(turnId, (view) => withAll(view, open)),
    nodesFocused: (turnId, ids) => change(turnId, (view) => withKeptOpen(view, ids)),
    textShown: (turnId, key, extent) => change(turnId, (view) => withText(view, key, extent)),
    revealed: (turnId, ids, textKeys) => {
      change(turnId, (view) => withRevealed(view, ids, textKeys));
      const nodeId = ids[0];
      set({ reveal: nodeId === undefined ? null : { turnId, nodeId } });
    },
    reveal: null,
    revealTaken: () => set({ reveal: null }),
    toolOutputsToggled: (scope, hidden) =>
      set((state) => ({ toolOutputsHidden: { ...state.toolOutputsHidden, [scope]: hidden } })),
  };
});

/** One turn's view; the same object until that turn's view changes, so other turns do not re-render. */
export const useTreeView = (turnId: string): TreeView =>
  useThoughtViewStore((state) => state.views[turnId]) ?? emptyTreeView;

/** Whether tool outputs are hidden in this conversation: its own choice, else the default. */
export const useToolOutputsHidden = (scope: string): boolean =>
  useThoughtViewStore((state) => state.toolOutputsHidden[scope] ?? state.toolOutputsHiddenByDefault);

/** The "hide tool outputs" default, for conversations where nobody chose. */
export const setToolOutputsHiddenByDefault = (hidden: boolean): void =>
  useThoughtViewStore.setState({ toolOutputsHiddenByDefault: hidden });

/**
 * Opens a turn's thought panel and a node with the nodes above it (`ids`, the node first), and the first page of
 * its input or output when that is what find reached.
 */
export function revealThought(turnId: string, ids: readonly string[], part?: 'input' | 'output'): void {
  const node = ids[0];
  const textKeys = node !== undefined && part ? [`${node}:${part === 'input' ? 'input' : 'message'}`] : [];
  useThoughtViewStore.getState().revealed(turnId, ids, textKeys);
}
