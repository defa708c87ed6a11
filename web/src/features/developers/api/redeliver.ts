import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import { deliveriesKey, endpointPath } from './webhooks';

export function useRedeliver(projectId: string, env: Env, id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api.post(`${endpointPath(projectId, env, id)}/deliveries/${encodeURIComponent(messageId)}/redeliver`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(projectId, env, id) }),
  });
}
