import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>The console has no page at this address.</p>
      <Link to="/chat" className="button">
        Go to Chat
      </Link>
    </section>
  );
}
