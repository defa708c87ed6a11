import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { Endpoint } from '../types';
import { webhooksKey, webhooksPath } from './webhooks';

export function useWebhooks(projectId: string, env: Env) {
  const api = useApi();
  return useQuery({
    queryKey: webhooksKey(projectId, env),
    queryFn: () => api.get<{ data: Endpoint[] }>(webhooksPath(projectId, env)),
    enabled: projectId !== '',
  });
}
