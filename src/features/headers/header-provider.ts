import type { StoreApi } from 'zustand/vanilla';
import type { HeaderContext, HeaderDecision, HeaderProvider } from '@/api/http-client';
import type { HeaderProfile } from '@/domain/headers/profiles';
import { resolveHeaders } from '@/domain/headers/resolve-headers';
import type { TemplateContext } from '@/domain/headers/templates';
import { activeProfileOf, type HeaderUser, type ProfilesState } from './profiles-store';

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
  return {
    ok: true,
    forwarded: { profileName, propagate: resolved.headers.length > 0, headers: resolved.headers, notSent: [] },
  };
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
  };
}
