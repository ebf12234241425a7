import { useMemo } from 'react';
import type { HeaderContext } from '@/api/http-client';
import { callContext, decideHeaders } from './header-provider';
import { useProfilesStore } from './profiles-store';

const placeholderUuid = () => '00000000-0000-4000-8000-000000000000';

/** Why the active headers cannot go with a call of this kind right now (empty: they can). */
export function useHeaderProblems(context: HeaderContext): readonly string[] {
  const profiles = useProfilesStore((state) => state.profiles);
  const activeId = useProfilesStore((state) => state.activeId);
  const forwarding = useProfilesStore((state) => state.forwarding);
  const user = useProfilesStore((state) => state.user);
  const { kind, conversationId, sessionId } = context;
  return useMemo(() => {
    const call: HeaderContext = { kind, ...(conversationId ? { conversationId } : {}), ...(sessionId ? { sessionId } : {}) };
    const decision = decideHeaders({ profiles, activeId, forwarding }, callContext(call, user, placeholderUuid));
    return decision.ok ? [] : decision.problems;
  }, [profiles, activeId, forwarding, user, kind, conversationId, sessionId]);
}
