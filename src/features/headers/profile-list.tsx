import { useState } from 'react';
import { useProfilesApi, useProfilesStore } from './profiles-store';
import { ProfileTransfer } from './profile-transfer';

const enabledCount = (rows: readonly { enabled: boolean; name: string }[]) =>
  rows.filter((row) => row.enabled && row.name.trim() !== '').length;

/** Profiles to choose from, and what can be done with them. */
export function ProfileList() {
  const profiles = useProfilesStore((state) => state.profiles);
  const activeId = useProfilesStore((state) => state.activeId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const active = profiles.find((profile) => profile.id === activeId);
  const api = useProfilesApi();
  const store = () => api.getState();
  return (
    <section className="profile-list" aria-label="Header profiles">
      <h2 className="small-heading">Profiles</h2>
      <ul>
        {profiles.map((profile) => (
          <li key={profile.id}>
            <button
              type="button"
              className="profile-item"
              aria-pressed={profile.id === activeId}
              onClick={() => {
                setConfirming(null);
                store().profileActivated(profile.id);
              }}
            >
              <span className="profile-item-name">{profile.name.trim() || 'Unnamed profile'}</span>
              <span className="muted small">
                {enabledCount(profile.rows)} header{enabledCount(profile.rows) === 1 ? '' : 's'}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="button" className="button button-small" onClick={() => store().profileCreated('New profile')}>
          New
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={!active}
          onClick={() => active && store().profileDuplicated(active.id)}
        >
          Duplicate
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={!active}
          onClick={() => setConfirming(active?.id ?? null)}
        >
          Delete
        </button>
      </div>
      {confirming && active?.id === confirming ? (
        <div className="confirm" role="alertdialog" aria-label="Delete profile">
          <p>
            Delete “{active.name}” and its {active.rows.length} header{active.rows.length === 1 ? '' : 's'}? Export
            first to keep a copy.
          </p>
          <div className="row">
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => {
                store().profileDeleted(confirming);
                setConfirming(null);
              }}
            >
              Delete profile
            </button>
            <button type="button" className="button button-small" onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <ProfileTransfer />
    </section>
  );
}
