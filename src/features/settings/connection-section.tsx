import { resolveApiBase, type RuntimeConfig } from '@/lib/runtime-config-schema';
import { ConversationStoreRow } from './conversation-store-row';
import '@/ui/kv-table.css';

/** Where the console sends its calls and who signs people in: read from config.json, shown, never edited here. */
export function ConnectionSection({ config }: { config: RuntimeConfig }) {
  const apiBase = resolveApiBase(config, window.location.origin);
  const oidc = config.auth.oidc;
  return (
    <section className="settings-section" aria-labelledby="settings-connection">
      <h2 id="settings-connection">Connection</h2>
      <p className="muted small">
        From <code>config.json</code>, read when the console starts. To change them, edit that file where the console is
        served and reload.
      </p>
      <table className="kv-table">
        <tbody>
          <tr>
            <th scope="row">API base URL</th>
            <td className="mono">
              {config.apiBaseUrl}
              {apiBase !== config.apiBaseUrl ? <span className="muted"> ({apiBase})</span> : null}
            </td>
          </tr>
          <ConversationStoreRow />
          <tr>
            <th scope="row">Identity provider</th>
            <td className="mono">{oidc ? oidc.authority : 'none (access tokens only)'}</td>
          </tr>
          {oidc ? (
            <>
              <tr>
                <th scope="row">Provider name</th>
                <td>{oidc.providerName ?? '—'}</td>
              </tr>
              <tr>
                <th scope="row">Client ID</th>
                <td className="mono">{oidc.clientId}</td>
              </tr>
              <tr>
                <th scope="row">Scopes</th>
                <td className="mono">{oidc.scope}</td>
              </tr>
            </>
          ) : null}
          <tr>
            <th scope="row">Access token sign-in</th>
            <td>{config.auth.allowAccessTokenPaste ? 'allowed' : 'not allowed'}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
