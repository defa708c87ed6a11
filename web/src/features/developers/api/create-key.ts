import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { ApiKey, KeyRole } from '../types';
import { keysKey, keysPath } from './keys';

export function useCreateKey(projectId: string, env: Env) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; role: KeyRole }) =>
      api.post<ApiKey & { key: string }>(keysPath(projectId, env), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(projectId, env) }),
  });
}
