import { create } from 'zustand';

/** Defaults the person chose in Settings; kept per person in the local database. */
export interface Preferences {
  /** The chat's Stream switch starts on (or off) in each new page. */
  streamByDefault: boolean;
  /** "Hide tool outputs" starts ticked in every conversation. */
  hideToolOutputsByDefault: boolean;
  /** Every API call carries a fresh X-Request-ID, the id real servers log and trace it under. */
  sendRequestIds: boolean;
}

export const defaultPreferences: Preferences = {
  streamByDefault: true,
  hideToolOutputsByDefault: false,
  sendRequestIds: true,
};

/** Read by the API client on every call, so turning request ids off applies at once. */
export const requestIdsWanted = () => usePreferencesStore.getState().sendRequestIds;

interface PreferencesState extends Preferences {
  owner: string | null;
  status: 'idle' | 'loading' | 'ready';
  /** The preferences the person actually set (loaded); the others are defaults nobody chose. */
  saved: Partial<Preferences>;
  loadStarted(owner: string): void;
  loaded(owner: string, saved: Partial<Preferences>): void;
  changed<K extends keyof Preferences>(key: K, value: Preferences[K]): void;
  signedOut(): void;
}

export const usePreferencesStore = create<PreferencesState>((set) => ({
  ...defaultPreferences,
  owner: null,
  status: 'idle',
  saved: {},
  loadStarted: (owner) => set({ ...defaultPreferences, owner, status: 'loading', saved: {} }),
  loaded: (owner, saved) =>
    set((state) => (state.owner === owner ? { ...defaultPreferences, ...saved, saved, status: 'ready' } : {})),
  changed: (key, value) =>
    set((state) => ({ [key]: value, saved: { ...state.saved, [key]: value } }) as Partial<PreferencesState>),
  signedOut: () => set({ ...defaultPreferences, owner: null, status: 'idle', saved: {} }),
}));
