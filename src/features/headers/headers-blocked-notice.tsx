import './headers-blocked-notice.css';
/** Why a call cannot go (its custom headers are invalid), said where the action is, with the way out. */
export function HeadersBlockedNotice({
  problems,
  action,
}: {
  problems: readonly string[];
  action: 'Sending' | 'Starting';
}) {
  if (problems.length === 0) return null;
  return (
    <div className="composer-blocked" role="alert">
      <p>{action} is blocked: the custom headers cannot be sent.</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <p className="small">Fix them on the Headers screen, or turn “Forward headers” off.</p>
    </div>
  );
}
