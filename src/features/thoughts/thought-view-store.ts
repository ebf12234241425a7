import { create } from 'zustand';

interface ThoughtViewState {
  /** Open/closed choices the person made; nodes without one follow their status (running → open). */
  expanded: Record<string, boolean>;
  /** Per conversation: hide what tools returned, keep the steps. */
  toolOutputsHidden: Record<string, boolean>;
  nodeToggled(id: string, open: boolean): void;
  allSet(ids: readonly string[], open: boolean): void;
  toolOutputsToggled(scope: string, hidden: boolean): void;
}

export const useThoughtViewStore = create<ThoughtViewState>((set) => ({
  expanded: {},
  toolOutputsHidden: {},
  nodeToggled: (id, open) => set((state) => ({ expanded: { ...state.expanded, [id]: open } })),
  allSet: (ids, open) =>
    set((state) => {
      const expanded = { ...state.expanded };
      for (const id of ids) expanded[id] = open;
      return { expanded };
    }),
  toolOutputsToggled: (scope, hidden) => set((state) => ({ toolOutputsHidden: { ...state.toolOutputsHidden, [scope]: hidden } })),
}));
