import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Member, PendingInvitation } from '../types';

export const MEMBERS_KEY = ['members'] as const;

export function useMembers() {
  const api = useApi();
  return useQuery({
    queryKey: MEMBERS_KEY,
    queryFn: () => api.get<{ data: Member[]; invitations: PendingInvitation[] }>('/members'),
  });
}
