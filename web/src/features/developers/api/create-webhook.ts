import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { Endpoint } from '../types';
import { webhooksKey, webhooksPath } from './webhooks';

export interface CreateWebhookInput {
  url: string;
  event_types: string[];
  description?: string;
}

export function useCreateWebhook(projectId: string, env: Env) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) =>
      api.post<Endpoint & { secret: string }>(webhooksPath(projectId, env), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(projectId, env) }),
  });
}
