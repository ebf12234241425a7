import { useEffect, useRef } from 'react';
import type { HeaderProfile } from '@/domain/headers/profiles';
import { Button } from '@/ui/button';
import { activeProfileOf, useProfilesStore } from '@/features/headers/profiles/profiles-store';
import './headers-page.css';

/**
 * Whether calls use the profile open in the editor, and the one way to make them: editing a profile never switches
 * the one in use. Once switched, the keyboard lands on the words that say so (the button is gone).
 */
export function ProfileUse({ profile }: { profile: HeaderProfile }) {
  const active = useProfilesStore(activeProfileOf);
  const forwarding = useProfilesStore((state) => state.forwarding);
  const profileActivated = useProfilesStore((state) => state.profileActivated);
  const inUse = active?.id === profile.id;
  const said = useRef<HTMLParagraphElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!inUse || !switched.current) return;
    switched.current = false;
    said.current?.focus();
  }, [inUse]);
  if (inUse)
    return (
      <p ref={said} tabIndex={-1} className="profile-use">
        <span className="badge profile-active-badge">Active</span>
        {forwarding
          ? 'Calls use this profile.'
          : 'Calls use this profile once forwarding is on; now they send none of its headers.'}
      </p>
    );
  return (
    <div className="profile-use">
      <p className="muted small">
        Calls use “{active?.name.trim() || 'Unnamed profile'}”; changes here do not reach them until this profile is in
        use.
      </p>
      <Button
        size="small"
        variant="primary"
        onClick={() => {
          switched.current = true;
          profileActivated(profile.id);
        }}
      >
        Use this profile
      </Button>
    </div>
  );
}
