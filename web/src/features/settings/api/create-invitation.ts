import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Role } from '../../../lib/session';
import { MEMBERS_KEY } from './list-members';

export function useCreateInvitation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { role: Role; email?: string }) =>
      api.post<{ id: string; role: Role; url: string; expires_at: string }>('/invitations', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}
