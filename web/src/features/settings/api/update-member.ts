import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Role } from '../../../lib/session';
import type { Member } from '../types';
import { MEMBERS_KEY } from './list-members';

export function useUpdateMember() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api.patch<Member>(`/members/${encodeURIComponent(id)}`, { role }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}
