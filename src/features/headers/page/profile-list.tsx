import { useState } from 'react';
import { successorOf, useProfilesApi, useProfilesStore } from '@/features/headers/profiles/profiles-store';
import { ProfileTransfer } from './profile-transfer';
import '@/ui/confirm-inline.css';
import './headers-page.css';

const enabledCount = (rows: readonly { enabled: boolean; name: string }[]) =>
  rows.filter((row) => row.enabled && row.name.trim() !== '').length;

/**
 * Profiles to open in the editor, the one calls use marked "Active", and what can be done with the open one. Opening a
 * profile does not make it the one in use: that takes "Use this profile" (or the chat bar's chip).
 */
export function ProfileList() {
  const profiles = useProfilesStore((state) => state.profiles);
  const activeId = useProfilesStore((state) => state.activeId);
  const editingId = useProfilesStore((state) => state.editingId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const open = profiles.find((profile) => profile.id === editingId);
  const successor = confirming && confirming === activeId ? successorOf(profiles, confirming) : undefined;
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
              aria-current={profile.id === editingId ? 'true' : undefined}
              title={profile.id === activeId ? 'Calls use this profile' : 'Open to edit (calls keep their profile)'}
              onClick={() => {
                setConfirming(null);
                store().profileOpened(profile.id);
              }}
            >
              <span className="profile-item-name">{profile.name.trim() || 'Unnamed profile'}</span>
              <span className="profile-item-facts">
                {profile.id === activeId ? <span className="badge profile-active-badge">Active</span> : null}
                <span className="muted small">
                  {enabledCount(profile.rows)} header{enabledCount(profile.rows) === 1 ? '' : 's'}
                </span>
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
          disabled={!open}
          onClick={() => open && store().profileDuplicated(open.id)}
        >
          Duplicate
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={!open}
          onClick={() => setConfirming(open?.id ?? null)}
        >
          Delete
        </button>
      </div>
      {confirming && open?.id === confirming ? (
        <div className="confirm" role="alertdialog" aria-label="Delete profile">
          <p>
            Delete “{open.name}” and its {open.rows.length} header{open.rows.length === 1 ? '' : 's'}? Export first to
            keep a copy.
            {confirming === activeId
              ? ` Calls use it now; they will use “${successor?.name ?? 'a new empty Default profile'}” instead.`
              : ''}
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
