import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { SESSION_KEY } from '../../../lib/session';

export function useUpdateWorkspace() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name?: string; timezone?: string }) =>
      api.patch<{ id: string; name: string; timezone: string }>('/workspace', input),
    // Every time on every screen follows the zone: refresh the session that carries it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}
