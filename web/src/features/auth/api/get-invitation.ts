import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Role } from '../../../lib/session';

export interface Invitation {
  role: Role;
  workspace: { name: string };
  email: string | null;
  kind: 'setup' | 'invite';
}

export function useInvitation(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.get<Invitation>(`/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
}
