import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { CheckPage } from '../types';
import { checkPath, checksKey } from './checks';

export function useCheck(projectId: string, env: Env, key: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...checksKey(projectId), env, key],
    queryFn: () => api.get<CheckPage>(checkPath(projectId, env, key)),
    enabled: projectId !== '',
  });
}
