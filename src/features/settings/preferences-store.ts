import { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import { storeContext } from '@/lib/services-context';

/** Defaults the person chose in Settings; kept per person in the local database, each read back through its schema. */
export const preferencesSchema = z.object({
  /** The chat's Stream switch starts on (or off) in each new page. */
  streamByDefault: z.boolean(),
  /** "Hide tool outputs" starts ticked in every conversation. */
  hideToolOutputsByDefault: z.boolean(),
  /** Every API call carries a fresh X-Request-ID, the id real servers log and trace it under. */
  sendRequestIds: z.boolean(),
  /** Every API call carries a W3C `traceparent`: one trace per turn or run, one span per call. */
  sendTraceContext: z.boolean(),
  /** While the tab is hidden, a browser notification says when an answer or a run ends, or something waits. */
  notifyWhenHidden: z.boolean(),
});
export type Preferences = z.output<typeof preferencesSchema>;

export const defaultPreferences: Preferences = {
  streamByDefault: true,
  hideToolOutputsByDefault: false,
  sendRequestIds: true,
  sendTraceContext: true,
  notifyWhenHidden: false,
};

export interface PreferencesState extends Preferences {
  status: 'loading' | 'ready';
  /** The preferences the person actually set (loaded); the others are defaults nobody chose. */
  saved: Partial<Preferences>;
  loadStarted(): void;
  loaded(saved: Partial<Preferences>): void;
  changed<K extends keyof Preferences>(key: K, value: Preferences[K]): void;
}

/** One person's preferences: defaults until their saved ones are read. */
export const createPreferencesStore = () =>
  createStore<PreferencesState>((set) => ({
    ...defaultPreferences,
    status: 'loading',
    saved: {},
    loadStarted: () => set({ ...defaultPreferences, status: 'loading', saved: {} }),
    loaded: (saved) => set({ ...defaultPreferences, ...saved, saved, status: 'ready' }),
    changed: (key, value) =>
      set((state) => ({ [key]: value, saved: { ...state.saved, [key]: value } }) as Partial<PreferencesState>),
  }));

const preferencesStore = storeContext<PreferencesState>('the preferences');
export const PreferencesProvider = preferencesStore.Provider;
export const usePreferencesStore = preferencesStore.useState;
