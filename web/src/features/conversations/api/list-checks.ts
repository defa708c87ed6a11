import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';

export interface CheckChoice {
  key: string;
  name: string;
  category: string;
  severity: string;
  status: string;
  enabled: boolean;
  version: number;
}

export function useChecks(projectId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['checks', projectId],
    queryFn: () => api.get<{ data: CheckChoice[] }>(`/projects/${encodeURIComponent(projectId)}/checks`),
    enabled: projectId !== '',
    staleTime: 60_000,
  });
}
