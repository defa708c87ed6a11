/** The agents requests: the list with health, an agent's page, placing and archiving. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { AgentPage, AgentSummary } from '../types';

const base = (projectId: string, env: Env) => `/projects/${encodeURIComponent(projectId)}/${env}`;
const agentsKey = (projectId: string, env: Env) => ['agents-page', projectId, env] as const;

export function useAgentsHealth(projectId: string, env: Env) {
  const api = useApi();
  return useQuery({
    queryKey: [...agentsKey(projectId, env), 'list'],
    queryFn: () => api.get<{ data: AgentSummary[] }>(`${base(projectId, env)}/health/agents`),
    enabled: projectId !== '',
  });
}

export function useAgent(projectId: string, env: Env, agentId: string, days: 30 | 90) {
  const api = useApi();
  return useQuery({
    queryKey: [...agentsKey(projectId, env), agentId, days],
    queryFn: () => api.get<AgentPage>(`${base(projectId, env)}/agents/${encodeURIComponent(agentId)}`, { days }),
    enabled: projectId !== '',
  });
}

/** Groups to move an agent into (the filter lookup of part 1). */
export function useGroupChoices(projectId: string, env: Env) {
  const api = useApi();
  return useQuery({
    queryKey: ['groups', projectId, env],
    queryFn: () => api.get<{ data: { id: string; name: string }[] }>(`${base(projectId, env)}/groups`),
    enabled: projectId !== '',
  });
}

function useAgentChange<T>(projectId: string, env: Env, agentId: string, path: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      api.post<unknown>(`${base(projectId, env)}/agents/${encodeURIComponent(agentId)}/${path}`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsKey(projectId, env) }),
        queryClient.invalidateQueries({ queryKey: ['groups', projectId, env] }),
        queryClient.invalidateQueries({ queryKey: ['groups-page', projectId, env] }),
      ]),
  });
}

export function usePlaceAgent(projectId: string, env: Env, agentId: string) {
  return useAgentChange<{ group_id: string | null; new_group_name?: string }>(projectId, env, agentId, 'placement');
}

export function useArchiveAgent(projectId: string, env: Env, agentId: string) {
  return useAgentChange<{ archived: boolean }>(projectId, env, agentId, 'archive');
}
