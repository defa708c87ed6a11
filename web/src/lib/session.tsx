/**
 * Who is signed in: GET /app/api/session, asked once and shared. Its CSRF token goes to the API client, so
 * every later change carries it. A 401 means "not signed in" (null), not an error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from './api-client';
import { isApiError } from './api-error';

export type Role = 'owner' | 'admin' | 'member' | 'viewer';

export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface Session {
  user: User;
  workspace: { id: string; name: string; timezone: string };
  projects: { id: string; name: string }[];
  csrf_token: string;
}

export const SESSION_KEY = ['session'] as const;

export function sessionQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<Session | null> => {
      try {
        const session = await api.get<Session>('/session');
        api.setCsrfToken(session.csrf_token);
        return session;
      } catch (error) {
        if (isApiError(error, 401)) {
          api.setCsrfToken(null);
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useSessionQuery(api: ApiClient) {
  return useQuery(sessionQueryOptions(api));
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The signed-in session; only inside the shell, which renders nothing until there is one. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in shell');
  return session;
}

const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** What a role may do, as DESIGN.md puts it: members label and re-run, admins manage, owners everything. */
export function may(role: Role, action: 'label' | 'rerun' | 'manage' | 'own'): boolean {
  const needed: Record<typeof action, Role> = { label: 'member', rerun: 'member', manage: 'admin', own: 'owner' };
  return RANK[role] >= RANK[needed[action]];
}
