import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';

export function useGroups(projectId: string, env: Env) {
  const api = useApi();
  return useQuery({
    queryKey: ['groups', projectId, env],
    queryFn: () =>
      api.get<{ data: { id: string; name: string }[] }>(`/projects/${encodeURIComponent(projectId)}/${env}/groups`),
    enabled: projectId !== '',
    staleTime: 60_000,
  });
}
