import { createStore } from 'zustand/vanilla';
import type { HeaderProfile, HeaderRow } from '@/domain/headers/profiles';
import { uniqueProfileName } from '@/domain/headers/profiles';
import { serviceStore } from '@/lib/services-context';

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
  /** The profile calls use: changed only when the person asks (the chip, "Use this profile"), or deletes it. */
  activeId: string | null;
  /** The profile open in the Headers screen's editor; opening one to edit it leaves the active one alone. */
  editingId: string | null;
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
  profileOpened(id: string): void;
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

/** The profile that takes over when `id` is deleted: the one after it, or the one before when it was the last. */
export const successorOf = (profiles: readonly HeaderProfile[], id: string): HeaderProfile | undefined => {
  const rest = profiles.filter((profile) => profile.id !== id);
  const at = profiles.findIndex((profile) => profile.id === id);
  return rest[Math.min(Math.max(at, 0), rest.length - 1)];
};

/** Header profiles of the signed-in person; kept in the local database by profiles-persistence. */
export const createProfilesStore = (owner: string, user: HeaderUser) =>
  createStore<ProfilesState>()((set, get) => ({
    owner,
    user,
    status: 'idle',
    profiles: [],
    activeId: null,
    editingId: null,
    forwarding: true,
    loadStarted: () =>
      set({
        status: 'loading',
        profiles: [],
        activeId: null,
        editingId: null,
        loadError: undefined,
        saveError: undefined,
      }),
    loaded: (saved) => {
      const profiles = saved.profiles.length > 0 ? saved.profiles : [blankProfile('Default')];
      const activeId = profiles.some((profile) => profile.id === saved.activeId)
        ? saved.activeId
        : (profiles[0]?.id ?? null);
      // Which profile is open is not kept: the screen opens on the one in use (as it did when the two were one).
      set({ status: 'ready', profiles, activeId, editingId: activeId, forwarding: saved.forwarding });
    },
    loadFailed: (loadError) => {
      // Work on without saving rather than block every call: say so on the Headers screen.
      const profile = blankProfile('Default');
      set({ status: 'failed', loadError, profiles: [profile], activeId: profile.id, editingId: profile.id });
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
      set((state) => ({ profiles: [...state.profiles, profile], editingId: profile.id }));
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
      set((state) => ({ profiles: [...state.profiles, copy], editingId: copy.id }));
      return copy.id;
    },
    profileDeleted: (id) =>
      set((state) => {
        const rest = state.profiles.filter((profile) => profile.id !== id);
        const profiles = rest.length > 0 ? rest : [blankProfile('Default')];
        const next = (successorOf(state.profiles, id) ?? profiles[0])?.id ?? null;
        // Calls always have a profile to use: the deleted active one's successor takes over (the confirmation says so).
        const kept = (current: string | null) => (current === id || !rest.length ? next : current);
        return { profiles, activeId: kept(state.activeId), editingId: kept(state.editingId) };
      }),
    profileOpened: (editingId) => set({ editingId }),
    profileActivated: (activeId) => set({ activeId }),
    profilesImported: (imported) =>
      set((state) => {
        const taken = state.profiles.map((profile) => profile.name);
        const renamed = imported.map((profile) => {
          const name = uniqueProfileName(profile.name, taken);
          taken.push(name);
          return { ...profile, name };
        });
        return { profiles: [...state.profiles, ...renamed], editingId: renamed[0]?.id ?? state.editingId };
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

export const editedProfileOf = (state: Pick<ProfilesState, 'profiles' | 'editingId'>): HeaderProfile | undefined =>
  state.profiles.find((profile) => profile.id === state.editingId);
