import { useMemo } from 'react';
import type { HeaderContext, HeaderDecision } from '@/api/client/http-client';
import { callContext, decideHeaders } from './header-provider';
import { useProfilesStore } from './profiles/profiles-store';

const placeholderUuid = () => '00000000-0000-4000-8000-000000000000';

/** What a call of this kind would carry right now; {{uuid}} shows as a placeholder id. */
export function useHeaderDecision(context: HeaderContext): HeaderDecision {
  const profiles = useProfilesStore((state) => state.profiles);
  const activeId = useProfilesStore((state) => state.activeId);
  const forwarding = useProfilesStore((state) => state.forwarding);
  const user = useProfilesStore((state) => state.user);
  const { kind, conversationId, sessionId } = context;
  return useMemo(() => {
    const call: HeaderContext = {
      kind,
      ...(conversationId ? { conversationId } : {}),
      ...(sessionId ? { sessionId } : {}),
    };
    return decideHeaders({ profiles, activeId, forwarding }, callContext(call, user, placeholderUuid));
  }, [profiles, activeId, forwarding, user, kind, conversationId, sessionId]);
}

/** Why the active headers cannot go with a call of this kind right now (empty: they can). */
export function useHeaderProblems(context: HeaderContext): readonly string[] {
  const decision = useHeaderDecision(context);
  return decision.ok ? [] : decision.problems;
}
