import { createStore } from 'zustand/vanilla';
import { storeContext } from '@/lib/services-context';

export interface ProofPanelsState {
  /** The turns and runs whose header proof the reader opened (true) or closed (false). */
  chosen: Readonly<Record<string, boolean>>;
  toggled(key: string, open: boolean): void;
}

/** Panels the reader opened or closed, by turn or run: a virtualized transcript unmounts rows and must keep them. */
export const createProofPanelsStore = () =>
  createStore<ProofPanelsState>()((set) => ({
    chosen: {},
    toggled: (key, open) => set((state) => ({ chosen: { ...state.chosen, [key]: open } })),
  }));

const proofPanelsStore = storeContext<ProofPanelsState>('the opened and closed header proofs');
export const ProofPanelsProvider = proofPanelsStore.Provider;
export const useProofPanels = proofPanelsStore.useState;
