/** Creating a custom check (always a draft) and changing one: definition, status, on/off. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { CheckInput, CheckStatus, CheckSummary } from '../types';
import { checkCreatePath, checkEditPath, checksKey } from './checks';

export function useCreateCheck(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInput) => api.post<CheckSummary>(checkCreatePath(projectId), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKey(projectId) }),
  });
}

export type CheckChange = Partial<Omit<CheckInput, 'key'>> & {
  status?: CheckStatus;
  enabled?: boolean;
  /** An owner's written reason to promote a check below the agreement bar. */
  override_reason?: string;
};

export function useUpdateCheck(projectId: string, key: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CheckChange) => api.patch<CheckSummary>(checkEditPath(projectId, key), change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checksKey(projectId) }),
  });
}
