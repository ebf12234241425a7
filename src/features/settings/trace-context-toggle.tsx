import { usePreferencesStore } from './preferences-store';

/** traceparent on every call: what an OpenTelemetry backend finds a call, and the server's and tools' spans, under. */
export function TraceContextToggle({ ready }: { ready: boolean }) {
  const sendTraceContext = usePreferencesStore((state) => state.sendTraceContext);
  const changed = usePreferencesStore((state) => state.changed);
  return (
    <>
      <label className="toggle">
        <input
          type="checkbox"
          checked={sendTraceContext}
          disabled={!ready}
          onChange={(event) => changed('sendTraceContext', event.target.checked)}
        />
        Send trace context with every call
      </label>
      <p className="muted small settings-hint">
        Each call carries a W3C <code>traceparent</code>: all calls of one chat turn or one workflow run share a trace
        ID, each call has its own span. Turns, runs and errors show the trace ID, so the call can be found in a tracing
        backend. Real servers do not forward it to tools as they do <code>X-*</code> headers; only a server that
        propagates trace context passes it on. Off: no <code>traceparent</code> is sent.
      </p>
    </>
  );
}
