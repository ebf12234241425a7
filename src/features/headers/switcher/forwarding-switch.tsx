import { Switch } from '@/ui/switch';
import { useProfilesStore } from '@/features/headers/profiles/profiles-store';

/** On: the active profile's headers go with assistant and workflow calls, with propagate_headers: true. */
export function ForwardingSwitch({ compact = false }: { compact?: boolean }) {
  const forwarding = useProfilesStore((state) => state.forwarding);
  const forwardingChanged = useProfilesStore((state) => state.forwardingChanged);
  return (
    <Switch
      label="Forward headers"
      checked={forwarding}
      title={compact ? forwardingNote : undefined}
      onChange={forwardingChanged}
    />
  );
}

export const forwardingNote =
  'On: the active profile’s X-* headers are sent with every assistant call and workflow run, with propagate_headers: true. Off: no custom header is sent at all. ' +
  'Real servers forward X-* headers on assistant calls whatever propagate_headers says (workflows still honour it), so turning forwarding off here is the only way not to forward them. ' +
  'Every call also carries X-Request-ID (a new UUID; Settings can turn it off), which real servers forward to tools as well.';
