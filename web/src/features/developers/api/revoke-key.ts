import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import { keysKey, keysPath } from './keys';

export function useRevokeKey(projectId: string, env: Env) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api.delete(`${keysPath(projectId, env)}/${encodeURIComponent(keyId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(projectId, env) }),
  });
}
