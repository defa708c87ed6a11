import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';

type Status = 'healthy' | 'watch' | 'at_risk' | 'not_enough_calls';

export interface HomeData {
  time_zone: string;
  conversations: { today: number; last_7_days: number };
  attention: {
    agents: { id: string; name: string; health_status: Status; reason: string }[];
    groups: { id: string; name: string; health_status: Status; reason: string }[];
  };
  failing_checks: { key: string; name: string; status: string | null; failures: number }[];
  failed_conversations: {
    id: string;
    external_id: string;
    ended_at: string;
    agent: { id: string; name: string; version: string | null };
  }[];
}

export function useHome(projectId: string, env: Env) {
  const api = useApi();
  return useQuery({
    queryKey: ['home', projectId, env],
    queryFn: () => api.get<HomeData>(`/projects/${encodeURIComponent(projectId)}/${env}/home`),
    enabled: projectId !== '',
  });
}
