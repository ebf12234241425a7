import { createStore } from 'zustand/vanilla';
import { storeContext } from '@/lib/services-context';

export interface ClosedPanelsState {
  /** The turns and runs whose header proof the reader closed. */
  closed: Readonly<Record<string, true>>;
  toggled(key: string, open: boolean): void;
}

/** Panels the reader closed, by turn or run: a virtualized transcript unmounts rows and must not reopen them. */
export const createClosedPanelsStore = () =>
  createStore<ClosedPanelsState>()((set) => ({
    closed: {},
    toggled: (key, open) =>
      set((state) => {
        const { [key]: _, ...rest } = state.closed;
        return { closed: open ? rest : { ...rest, [key]: true } };
      }),
  }));

const closedPanelsStore = storeContext<ClosedPanelsState>('the closed header proofs');
export const ClosedPanelsProvider = closedPanelsStore.Provider;
export const useClosedPanels = closedPanelsStore.useState;
