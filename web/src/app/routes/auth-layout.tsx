import type { ReactNode } from 'react';

/** The frame of the screens before signing in. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth">
      <div className="auth-card">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Conversation Quality Monitor
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
