import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { CheckSummary } from '../types';
import { checksKey, checksPath } from './checks';

export function useChecksPage(projectId: string, env: Env) {
  const api = useApi();
  return useQuery({
    queryKey: [...checksKey(projectId), env],
    queryFn: () => api.get<{ data: CheckSummary[] }>(checksPath(projectId, env)),
    enabled: projectId !== '',
  });
}
