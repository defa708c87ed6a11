import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { GroupPage, GroupSummary } from '../types';

const base = (projectId: string, env: Env) => `/projects/${encodeURIComponent(projectId)}/${env}`;

export function useGroupsHealth(projectId: string, env: Env) {
  const api = useApi();
  return useQuery({
    queryKey: ['groups-page', projectId, env, 'list'],
    queryFn: () => api.get<{ data: GroupSummary[] }>(`${base(projectId, env)}/health/groups`),
    enabled: projectId !== '',
  });
}

export function useGroup(projectId: string, env: Env, groupId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['groups-page', projectId, env, groupId],
    queryFn: () => api.get<GroupPage>(`${base(projectId, env)}/groups/${encodeURIComponent(groupId)}`),
    enabled: projectId !== '',
  });
}
