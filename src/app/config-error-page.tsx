import './config-error-page.css';
export function ConfigErrorPage({ problems }: { problems: string[] }) {
  return (
    <main className="full-page-error">
      <h1>The console’s configuration is not usable</h1>
      <p>
        The runtime configuration <code>config.json</code> (served next to the console, from{' '}
        <code>public/config.json</code> in the repository) has{' '}
        {problems.length === 1 ? 'a problem' : `${problems.length} problems`}:
      </p>
      <ul role="alert">
        {problems.map((problem) => (
          <li key={problem} className="mono">
            {problem}
          </li>
        ))}
      </ul>
      <p className="muted">Fix the file and reload this page. The README lists every field.</p>
    </main>
  );
}
