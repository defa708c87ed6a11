import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { Endpoint } from '../types';
import { endpointPath, webhooksKey } from './webhooks';

export function useUpdateWebhook(projectId: string, env: Env, id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { enabled?: boolean; event_types?: string[]; url?: string; description?: string }) =>
      api.patch<Endpoint>(endpointPath(projectId, env, id), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(projectId, env) }),
  });
}
