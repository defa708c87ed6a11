import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import { deliveriesKey, endpointPath } from './webhooks';

export function useSendTestEvent(projectId: string, env: Env, id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message_id: string }>(`${endpointPath(projectId, env, id)}/test`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(projectId, env, id) }),
  });
}
