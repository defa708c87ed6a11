/** The project's judge: its settings (read by everyone, changed by admins) and "Test connection". */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { ConnectionTest, JudgeSettings, JudgeSettingsChange } from '../types';

const judgePath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/judge`;
export const judgeKey = (projectId: string) => ['judge', projectId] as const;

export function useJudgeSettings(projectId: string) {
  const api = useApi();
  return useQuery({
    queryKey: judgeKey(projectId),
    queryFn: () => api.get<JudgeSettings>(judgePath(projectId)),
    enabled: projectId !== '',
  });
}

export function useUpdateJudgeSettings(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: JudgeSettingsChange) => api.patch<JudgeSettings>(judgePath(projectId), change),
    onSuccess: (saved) => {
      queryClient.setQueryData(judgeKey(projectId), saved);
      // The Checks page says whether plain-language checks can be decided.
      return queryClient.invalidateQueries({ queryKey: ['checks-page', projectId] });
    },
  });
}

export function useTestJudgeConnection(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ConnectionTest>(`${judgePath(projectId)}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: judgeKey(projectId) }),
  });
}
