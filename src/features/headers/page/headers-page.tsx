import { editedProfileOf, useProfilesStore } from '@/features/headers/profiles/profiles-store';
import { ForwardingSwitch, forwardingNote } from '@/features/headers/switcher/forwarding-switch';
import { HeaderPreview } from './header-preview';
import { ProfileEditor } from './profile-editor';
import { ProfileList } from './profile-list';
import { ProfileUse } from './profile-use';
import './headers-page.css';

/** Custom X-* headers forwarded to tool servers: profiles, rows, templates and a live preview. */
export function HeadersPage() {
  const status = useProfilesStore((state) => state.status);
  const loadError = useProfilesStore((state) => state.loadError);
  const saveError = useProfilesStore((state) => state.saveError);
  const profile = useProfilesStore(editedProfileOf);
  return (
    <section className="page headers-page" aria-labelledby="headers-title">
      <header className="page-header">
        <h1 id="headers-title">Headers</h1>
        <p className="muted">
          Custom <code>X-*</code> headers sent with assistant calls and workflow runs, for tool servers to use (tenant
          scoping, tracing, user context). Each turn and run shows what was sent and what the tool server received.
        </p>
        <div className="row">
          <ForwardingSwitch />
        </div>
        <p className="muted small">{forwardingNote}</p>
      </header>
      {loadError ? (
        <p role="alert" className="alert alert-error">
          {loadError}
        </p>
      ) : null}
      {saveError ? (
        <p role="alert" className="alert alert-error">
          {saveError}
        </p>
      ) : null}
      {status === 'loading' || status === 'idle' ? (
        <p className="muted">Loading your header profiles…</p>
      ) : (
        <div className="headers-layout">
          <ProfileList />
          {profile ? (
            <div className="headers-main">
              <ProfileUse profile={profile} />
              <ProfileEditor profile={profile} />
              <HeaderPreview profile={profile} />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
