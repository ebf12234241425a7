import { useCallback } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { serviceStore } from '@/lib/services-context';
import { fixedKey } from '@/lib/storage/storage-registry';
import { webStorage } from '@/lib/storage/web-storage';
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

/** Thought trees and run states shown as a tree (a list, for states) or as a timeline: a choice about this device. */
export type ThoughtsLayout = 'tree' | 'timeline';

const layoutKey = fixedKey('thoughtsLayout');

const rememberedLayout = (): ThoughtsLayout => (webStorage().local.get(layoutKey) === 'timeline' ? 'timeline' : 'tree');

export interface ThoughtViewState {
  layout: ThoughtsLayout;
  layoutChosen(layout: ThoughtsLayout): void;
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
  revealed(turnId: string, ids: readonly string[], textKeys: readonly string[], focus?: boolean): void;
  /** The node find (or the timeline) went to last: the tree scrolls it into its box, and focuses it when asked. */
  reveal: { turnId: string; nodeId: string; focus?: boolean } | null;
  revealTaken(): void;
  toolOutputsToggled(scope: string, hidden: boolean): void;
  /** The "hide tool outputs" default changed (a setting). */
  toolOutputsDefaultChanged(hidden: boolean): void;
}

type ViewChange = (view: TreeView) => TreeView;

export const createThoughtViewStore = () =>
  createStore<ThoughtViewState>()((set) => {
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
      revealed: (turnId, ids, textKeys, focus) => {
        change(turnId, (view) => withRevealed(view, ids, textKeys));
        const nodeId = ids[0];
        set({ reveal: nodeId === undefined ? null : { turnId, nodeId, ...(focus ? { focus } : {}) } });
      },
      layout: rememberedLayout(),
      layoutChosen: (layout) => {
        // Refused by the browser (private mode, full): the choice still holds for this page.
        webStorage().local.set(layoutKey, layout, { what: 'the tree or timeline choice' });
        set({ layout });
      },
      reveal: null,
      revealTaken: () => set({ reveal: null }),
      toolOutputsToggled: (scope, hidden) =>
        set((state) => ({ toolOutputsHidden: { ...state.toolOutputsHidden, [scope]: hidden } })),
      toolOutputsDefaultChanged: (toolOutputsHiddenByDefault) => set({ toolOutputsHiddenByDefault }),
    };
  });

export const [useThoughtViewStore, useThoughtViewApi] = serviceStore((services) => services.thoughts.view);

/** One turn's view; the same object until that turn's view changes, so other turns do not re-render. */
export const useTreeView = (turnId: string): TreeView =>
  useThoughtViewStore((state) => state.views[turnId]) ?? emptyTreeView;

/** Whether tool outputs are hidden in this conversation: its own choice, else the default. */
export const useToolOutputsHidden = (scope: string): boolean =>
  useThoughtViewStore((state) => state.toolOutputsHidden[scope] ?? state.toolOutputsHiddenByDefault);

/**
 * Opens a turn's thought panel and a node with the nodes above it (`ids`, the node first), and the first page of
 * its input or output when that is what find reached.
 */
export function revealThought(
  view: StoreApi<ThoughtViewState>,
  turnId: string,
  ids: readonly string[],
  part?: 'input' | 'output',
): void {
  const node = ids[0];
  const textKeys = node !== undefined && part ? [`${node}:${part === 'input' ? 'input' : 'message'}`] : [];
  view.getState().revealed(turnId, ids, textKeys);
}

/** `revealThought` on the signed-in person's thought views; the same function while they stay signed in. */
export function useRevealThought(): (turnId: string, ids: readonly string[], part?: 'input' | 'output') => void {
  const view = useThoughtViewApi();
  return useCallback((turnId, ids, part) => revealThought(view, turnId, ids, part), [view]);
}
