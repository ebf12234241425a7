interface Described {
  title: string;
  explanation: string;
  serverMessage?: string | undefined;
  details?: string | undefined;
  requestId?: string | undefined;
}

/** A described failure in words: ours, then the server's own message and details, then the request id. */
export function ErrorWords({ error }: { error: Described }) {
  return (
    <>
      <p className="turn-error-title">{error.title}</p>
      <p>{error.explanation}</p>
      {error.serverMessage ? (
        <p className="turn-error-server">
          <span className="muted">Server said: </span>
          {error.serverMessage}
        </p>
      ) : null}
      {error.details ? <pre className="turn-error-details">{error.details}</pre> : null}
      {error.requestId ? <p className="muted small mono">Request ID: {error.requestId}</p> : null}
    </>
  );
}
