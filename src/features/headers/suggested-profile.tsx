import { Button } from '@/ui/button';
import { useProfilesApi, useProfilesStore } from './profiles/profiles-store';

interface SuggestedProfileProps {
  /** The profile the earlier run sent headers from (null: it sent none, forwarding was off). */
  profileName: string | null;
  /** Whether the earlier run forwarded headers at all. */
  forwarding: boolean;
}

/**
 * A run forked from another is meant to differ only where the person changes it: when the header profile or the
 * forwarding switch differs from what the earlier run used, say so and offer to take the earlier one back.
 */
export function SuggestedProfile({ profileName, forwarding }: SuggestedProfileProps) {
  const profiles = useProfilesStore((state) => state.profiles);
  const activeId = useProfilesStore((state) => state.activeId);
  const forwardingNow = useProfilesStore((state) => state.forwarding);
  const api = useProfilesApi();
  const active = profiles.find((profile) => profile.id === activeId);
  const earlier = profileName === null ? undefined : profiles.find((profile) => profile.name === profileName);
  const sameForwarding = forwarding === forwardingNow;
  const sameProfile = !forwarding || active?.name === profileName;
  if (sameForwarding && sameProfile) return null;
  const was = forwarding ? `headers from the profile “${profileName ?? 'none'}”` : 'no custom headers (forwarding off)';
  const now = forwardingNow ? `“${active?.name ?? 'no profile'}”` : 'forwarding off';
  const restore = () => {
    const store = api.getState();
    if (earlier) store.profileActivated(earlier.id);
    store.forwardingChanged(forwarding);
  };
  return (
    <p className="muted small" role="status">
      The earlier run sent {was}; this one would use {now}.{' '}
      {forwarding && !earlier ? (
        <span>That profile is no longer in this browser.</span>
      ) : (
        <Button variant="link" onClick={restore}>
          Use what the earlier run used
        </Button>
      )}
    </p>
  );
}
