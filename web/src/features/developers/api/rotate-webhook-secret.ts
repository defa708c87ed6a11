import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import { endpointPath, webhooksKey } from './webhooks';

export function useRotateWebhookSecret(projectId: string, env: Env, id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ secret: string }>(`${endpointPath(projectId, env, id)}/rotate-secret`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(projectId, env) }),
  });
}
