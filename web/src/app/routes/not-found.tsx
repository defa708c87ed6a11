import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <main className="auth">
      <div className="auth-card">
        <h1>Nothing here</h1>
        <p>This address is not a page of the application.</p>
        <Link to="/$env/conversations" params={{ env: 'test' }}>
          Go to conversations
        </Link>
      </div>
    </main>
  );
}
