import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';

export interface AgentChoice {
  id: string;
  name: string;
  group: { id: string; name: string } | null;
}

export function useAgents(projectId: string, env: Env) {
  const api = useApi();
  return useQuery({
    queryKey: ['agents', projectId, env],
    queryFn: () => api.get<{ data: AgentChoice[] }>(`/projects/${encodeURIComponent(projectId)}/${env}/agents`),
    enabled: projectId !== '',
    staleTime: 60_000,
  });
}
