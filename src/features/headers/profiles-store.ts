import { createStore } from 'zustand/vanilla';
import type { HeaderProfile, HeaderRow } from '@/domain/headers/profiles';
import { uniqueProfileName } from '@/domain/headers/profiles';
import { serviceStore } from '@/lib/console-services';

export type ProfilesStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface ProfilesState {
  /** Whose profiles these are (the token's subject). */
  readonly owner: string;
  /** The signed-in person, for {{user.sub}} and {{user.email}}. */
  readonly user: HeaderUser;
  status: ProfilesStatus;
  loadError?: string | undefined;
  /** The last write to the local database failed (quota, private mode): said on screen. */
  saveError?: string | undefined;
  profiles: HeaderProfile[];
  activeId: string | null;
  /** On: the active profile's headers and propagate_headers: true go with assistant and workflow calls. */
  forwarding: boolean;
  loadStarted(): void;
  loaded(saved: { profiles: HeaderProfile[]; activeId: string | null; forwarding: boolean }): void;
  loadFailed(message: string): void;
  saveFailed(message: string | undefined): void;
  profileCreated(name: string, rows?: HeaderRow[]): string;
  profileRenamed(id: string, name: string): void;
  profileDuplicated(id: string): string | null;
  profileDeleted(id: string): void;
  profileActivated(id: string): void;
  profilesImported(profiles: HeaderProfile[]): void;
  forwardingChanged(on: boolean): void;
  rowAdded(profileId: string, row?: Partial<Omit<HeaderRow, 'id'>>): string;
  rowChanged(profileId: string, rowId: string, change: Partial<Omit<HeaderRow, 'id'>>): void;
  rowRemoved(profileId: string, rowId: string): void;
}

export interface HeaderUser {
  sub: string;
  email?: string;
}

const newId = () => crypto.randomUUID();

export const blankProfile = (name: string): HeaderProfile => ({ id: newId(), name, rows: [] });

const updateProfile = (profiles: HeaderProfile[], id: string, change: (profile: HeaderProfile) => HeaderProfile) =>
  profiles.map((profile) => (profile.id === id ? change(profile) : profile));

/** Header profiles of the signed-in person; kept in the local database by profiles-persistence. */
export const createProfilesStore = (owner: string, user: HeaderUser) =>
  createStore<ProfilesState>()((set, get) => ({
    owner,
    user,
    status: 'idle',
    profiles: [],
    activeId: null,
    forwarding: true,
    loadStarted: () =>
      set({ status: 'loading', profiles: [], activeId: null, loadError: undefined, saveError: undefined }),
    loaded: (saved) => {
      const profiles = saved.profiles.length > 0 ? saved.profiles : [blankProfile('Default')];
      const activeId = profiles.some((profile) => profile.id === saved.activeId)
        ? saved.activeId
        : (profiles[0]?.id ?? null);
      set({ status: 'ready', profiles, activeId, forwarding: saved.forwarding });
    },
    loadFailed: (loadError) => {
      // Work on without saving rather than block every call: say so on the Headers screen.
      const profile = blankProfile('Default');
      set({ status: 'failed', loadError, profiles: [profile], activeId: profile.id });
    },
    saveFailed: (saveError) => set({ saveError }),
    profileCreated: (name, rows = []) => {
      const profile = {
        ...blankProfile(
          uniqueProfileName(
            name.trim() || 'New profile',
            get().profiles.map((p) => p.name),
          ),
        ),
        rows,
      };
      set((state) => ({ profiles: [...state.profiles, profile], activeId: profile.id }));
      return profile.id;
    },
    profileRenamed: (id, name) =>
      set((state) => ({ profiles: updateProfile(state.profiles, id, (profile) => ({ ...profile, name })) })),
    profileDuplicated: (id) => {
      const source = get().profiles.find((profile) => profile.id === id);
      if (!source) return null;
      const copy: HeaderProfile = {
        id: newId(),
        name: uniqueProfileName(
          `${source.name} (copy)`,
          get().profiles.map((profile) => profile.name),
        ),
        rows: source.rows.map((row) => ({ ...row, id: newId() })),
      };
      set((state) => ({ profiles: [...state.profiles, copy], activeId: copy.id }));
      return copy.id;
    },
    profileDeleted: (id) =>
      set((state) => {
        const index = state.profiles.findIndex((profile) => profile.id === id);
        const rest = state.profiles.filter((profile) => profile.id !== id);
        const profiles = rest.length > 0 ? rest : [blankProfile('Default')];
        const neighbour = profiles[Math.min(Math.max(index, 0), profiles.length - 1)];
        return { profiles, activeId: state.activeId === id ? (neighbour?.id ?? null) : state.activeId };
      }),
    profileActivated: (activeId) => set({ activeId }),
    profilesImported: (imported) =>
      set((state) => {
        const taken = state.profiles.map((profile) => profile.name);
        const renamed = imported.map((profile) => {
          const name = uniqueProfileName(profile.name, taken);
          taken.push(name);
          return { ...profile, name };
        });
        return { profiles: [...state.profiles, ...renamed], activeId: renamed[0]?.id ?? state.activeId };
      }),
    forwardingChanged: (forwarding) => set({ forwarding }),
    rowAdded: (profileId, row = {}) => {
      const id = newId();
      set((state) => ({
        profiles: updateProfile(state.profiles, profileId, (profile) => ({
          ...profile,
          rows: [...profile.rows, { id, name: row.name ?? '', value: row.value ?? '', enabled: row.enabled ?? true }],
        })),
      }));
      return id;
    },
    rowChanged: (profileId, rowId, change) =>
      set((state) => ({
        profiles: updateProfile(state.profiles, profileId, (profile) => ({
          ...profile,
          rows: profile.rows.map((row) => (row.id === rowId ? { ...row, ...change } : row)),
        })),
      })),
    rowRemoved: (profileId, rowId) =>
      set((state) => ({
        profiles: updateProfile(state.profiles, profileId, (profile) => ({
          ...profile,
          rows: profile.rows.filter((row) => row.id !== rowId),
        })),
      })),
  }));

export const [useProfilesStore, useProfilesApi] = serviceStore((services) => services.headers.profiles);

export const activeProfileOf = (state: Pick<ProfilesState, 'profiles' | 'activeId'>): HeaderProfile | undefined =>
  state.profiles.find((profile) => profile.id === state.activeId);
