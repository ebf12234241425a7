import { usePreferencesStore } from './preferences-store';

/** X-Request-ID on every call: what support needs to find a call, and an X-* header real servers forward to tools. */
export function RequestIdsToggle({ ready }: { ready: boolean }) {
  const sendRequestIds = usePreferencesStore((state) => state.sendRequestIds);
  const changed = usePreferencesStore((state) => state.changed);
  return (
    <>
      <label className="toggle">
        <input
          type="checkbox"
          checked={sendRequestIds}
          disabled={!ready}
          onChange={(event) => changed('sendRequestIds', event.target.checked)}
        />
        Send a request ID with every call
      </label>
      <p className="muted small settings-hint">
        Each call carries <code>X-Request-ID</code> with a new UUID: the server logs and traces the call under it, and
        errors show it so support can find the call. Real servers also forward it to tool servers like any{' '}
        <code>X-*</code> header. Off: no request ID is sent (a header profile can still set one).
      </p>
    </>
  );
}
