import { useMemo } from 'react';
import type { HeaderProfile } from '@/domain/headers/profiles';
import { resolveHeaders } from '@/domain/headers/resolve-headers';
import { secretMask } from '@/domain/headers/secrets';
import { templatePlaceholders } from '@/domain/headers/templates';
import { useProfilesStore } from '@/features/headers/profiles/profiles-store';
import './headers-page.css';
import '@/ui/kv-table.css';

/** What the next call would carry, with example values for what only a real call knows. */
export function HeaderPreview({ profile }: { profile: HeaderProfile }) {
  const user = useProfilesStore((state) => state.user);
  const forwarding = useProfilesStore((state) => state.forwarding);
  const inUse = useProfilesStore((state) => state.activeId === profile.id);
  const resolved = useMemo(
    () =>
      resolveHeaders(profile.rows, {
        uuid: () => crypto.randomUUID(),
        now: () => new Date(),
        purpose: 'preview',
        conversationId: '‹conversation id›',
        sessionId: '‹session id›',
        ...(user ? { user: { sub: user.sub, ...(user.email ? { email: user.email } : {}) } } : {}),
      }),
    [profile.rows, user],
  );
  return (
    <section className="header-preview" aria-label="Preview">
      <h2 className="small-heading">{inUse ? 'Preview of the next call' : 'Preview of a call with this profile'}</h2>
      {!forwarding ? (
        <p className="field-warning">Forwarding is off: the next call sends none of these headers.</p>
      ) : null}
      {resolved.ok ? (
        resolved.headers.length === 0 ? (
          <p className="muted">No enabled header: calls carry no custom header.</p>
        ) : (
          <table className="kv-table mono">
            <tbody>
              {resolved.headers.map((header) => (
                <tr key={header.name}>
                  <th scope="row">{header.name}</th>
                  <td>
                    {header.secret ? secretMask : header.value}
                    {header.secret ? <span className="badge badge-muted"> secret</span> : null}
                    {header.stripped ? <span className="badge badge-muted"> stripped by platforms</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : (
        <div role="alert" className="alert alert-error">
          <p>
            These headers cannot be sent; chat and workflow runs are blocked until this is fixed or forwarding is off:
          </p>
          <ul>
            {resolved.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <details className="small">
        <summary>Templates</summary>
        <ul className="template-list">
          {templatePlaceholders.map((placeholder) => (
            <li key={placeholder.name}>
              <code>{`{{${placeholder.name}}}`}</code> {placeholder.description}
            </li>
          ))}
        </ul>
        <p className="muted">
          ‹…› marks values filled in per request. A placeholder without a value blocks the call; it is never sent
          literally.
        </p>
      </details>
    </section>
  );
}
