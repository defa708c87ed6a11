import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { ApiKey } from '../types';
import { keysKey, keysPath } from './keys';

export function useKeys(projectId: string, env: Env) {
  const api = useApi();
  return useQuery({
    queryKey: keysKey(projectId, env),
    queryFn: () => api.get<{ data: ApiKey[] }>(keysPath(projectId, env)),
    enabled: projectId !== '',
  });
}
