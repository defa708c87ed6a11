import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Loading } from '../../components/ui/loading';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useApi } from '../../lib/api-context';
import { useSessionQuery } from '../../lib/session';
import { AuthLayout } from './auth-layout';

const route = getRouteApi('/sign-in');

/** Only a path inside the application may be a destination after signing in (no open redirect). */
export function safeNext(next: string | undefined): string {
  return next && /^\/app\/(?!\/)/.test(next) && !next.includes('\\') ? next : '/app/test/conversations';
}

export function SignInPage() {
  const api = useApi();
  const session = useSessionQuery(api);
  const { next } = route.useSearch();
  const router = useRouter();
  if (session.isPending) return <Loading />;
  if (session.data) return <GoTo href={safeNext(next).replace(/^\/app/, '')} />;
  return (
    <AuthLayout title="Sign in">
      <SignInForm onSignedIn={() => router.navigate({ href: safeNext(next).replace(/^\/app/, '') })} />
      <p className="muted small">
        First time here? Open the one-time setup link that <code>bin/cqm serve</code> printed on its first start, or ask
        an administrator for an invitation.
      </p>
    </AuthLayout>
  );
}

/** Leaves the sign-in page for where the user was going (already signed in). */
function GoTo({ href }: { href: string }) {
  const router = useRouter();
  useEffect(() => {
    void router.navigate({ href, replace: true });
  }, [href, router]);
  return <Loading />;
}
