import { createStore } from 'zustand/vanilla';
import { serviceStore } from '@/lib/services-context';

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

export const [useClosedPanels] = serviceStore((services) => services.headers.closedPanels);
