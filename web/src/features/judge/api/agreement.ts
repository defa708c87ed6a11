/** A check's agreement with people's labels in one environment, and its status history. */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { CheckAgreement } from '../types';

/** `days`: labels given in that many last days; null for every label. */
export function useCheckAgreement(projectId: string, env: Env, key: string, days: number | null = null) {
  const api = useApi();
  return useQuery({
    // Under the Checks page's key, so a change of the check refreshes it too.
    queryKey: ['checks-page', projectId, env, key, 'agreement', days],
    queryFn: () =>
      api.get<CheckAgreement>(
        `/projects/${encodeURIComponent(projectId)}/${env}/checks/${encodeURIComponent(key)}/agreement`,
        days === null ? {} : { since: new Date(Date.now() - days * 86_400_000).toISOString() },
      ),
    enabled: projectId !== '',
  });
}
