import { Link } from '@tanstack/react-router';
import { ForwardingSwitch } from './forwarding-switch';
import { useProfilesStore } from './profiles-store';

/** The active header profile and the forwarding switch, small enough for a toolbar. */
export function HeaderSwitcher({ problems }: { problems: readonly string[] }) {
  const profiles = useProfilesStore((state) => state.profiles);
  const activeId = useProfilesStore((state) => state.activeId);
  const status = useProfilesStore((state) => state.status);
  const count = (rows: readonly { enabled: boolean; name: string }[]) => rows.filter((row) => row.enabled && row.name.trim()).length;
  return (
    <div className={`header-switcher${problems.length ? ' header-switcher-invalid' : ''}`} role="group" aria-label="Custom headers">
      <label className="header-switcher-profile">
        <span className="small muted">Headers</span>
        <select
          aria-label="Header profile"
          value={activeId ?? ''}
          disabled={status === 'loading' || profiles.length === 0}
          onChange={(event) => useProfilesStore.getState().profileActivated(event.target.value)}
        >
          {profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {`${profile.name.trim() || 'Unnamed profile'} · ${count(profile.rows)}`}
            </option>
          ))}
        </select>
      </label>
      <ForwardingSwitch compact />
      <Link to="/headers" className="small">
        {problems.length ? `Fix ${problems.length} header problem${problems.length === 1 ? '' : 's'}` : 'Edit'}
      </Link>
    </div>
  );
}
