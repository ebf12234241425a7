import type { StoreApi } from 'zustand/vanilla';
import type { HeaderContext, HeaderDecision, HeaderProvider } from '@/api/client/http-client';
import type { HeaderProfile } from '@/domain/headers/profiles';
import { maskResolved, resolveHeaders } from '@/domain/headers/resolve-headers';
import { isSecretRow } from '@/domain/headers/secrets';
import type { TemplateContext } from '@/domain/headers/templates';
import { activeProfileOf, type HeaderUser, type ProfilesState } from './profiles/profiles-store';

const purposeOf = (kind: HeaderContext['kind']) => (kind === 'assistant' ? 'assistant call' : 'workflow run');

const enabledNames = (profile: HeaderProfile | undefined) =>
  (profile?.rows ?? []).filter((row) => row.enabled && row.name.trim() !== '').map((row) => row.name.trim());

/** What one call would carry, decided from a profiles state: pure apart from the uuid and clock it is given. */
export function decideHeaders(
  state: Pick<ProfilesState, 'profiles' | 'activeId' | 'forwarding'>,
  context: TemplateContext,
): HeaderDecision {
  const profile = activeProfileOf(state);
  const profileName = profile?.name ?? null;
  if (!state.forwarding)
    return { ok: true, forwarded: { profileName, propagate: false, headers: [], notSent: enabledNames(profile) } };
  const resolved = resolveHeaders(profile?.rows ?? [], context);
  if (!resolved.ok)
    return {
      ok: false,
      problems: resolved.problems.map((problem) => `${profileName ? `Profile “${profileName}”: ` : ''}${problem}`),
    };
  const { shown, secrets } = maskResolved(resolved.headers);
  return {
    ok: true,
    forwarded: { profileName, propagate: shown.length > 0, headers: shown, notSent: [] },
    secrets,
  };
}

/** The values of every secret row the person keeps, templates excepted (they differ per call). */
export const secretValuesOf = (state: Pick<ProfilesState, 'profiles'>): string[] => [
  ...new Set(
    state.profiles.flatMap((profile) =>
      profile.rows.filter((row) => isSecretRow(row) && !row.value.includes('{{')).map((row) => row.value.trim()),
    ),
  ),
];

/**
 * The secret values "Copy with secrets" fills in for a call: the secret rows of the profile the call was made with
 * (by its name), as they are now. Nothing once the profile is gone: no copy of a secret is kept elsewhere.
 */
export function secretsForCopy(
  state: Pick<ProfilesState, 'profiles'>,
  profileName: string | null | undefined,
): Record<string, string> {
  const profile = state.profiles.find((candidate) => candidate.name === profileName);
  return Object.fromEntries(
    (profile?.rows ?? [])
      .filter((row) => isSecretRow(row) && row.name.trim() !== '' && !row.value.includes('{{'))
      .map((row) => [row.name.trim(), row.value.trim()]),
  );
}

/** The template context of one call (or of a check before it, with `uuid` standing in). */
export function callContext(
  context: HeaderContext,
  user: HeaderUser | null,
  uuid: () => string = () => crypto.randomUUID(),
): TemplateContext {
  return {
    uuid,
    now: () => new Date(),
    purpose: purposeOf(context.kind),
    ...(context.conversationId ? { conversationId: context.conversationId } : {}),
    ...(context.sessionId ? { sessionId: context.sessionId } : {}),
    ...(user ? { user: { sub: user.sub, ...(user.email ? { email: user.email } : {}) } } : {}),
  };
}

/** The seam the API client consults on every assistant and workflow call: fresh values per call. */
export function createHeaderProvider(profiles: StoreApi<ProfilesState>): HeaderProvider {
  return {
    headersFor(context) {
      const state = profiles.getState();
      return decideHeaders(state, callContext(context, state.user));
    },
    secretValues: () => secretValuesOf(profiles.getState()),
  };
}
