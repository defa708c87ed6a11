/** A check's agreement with people's labels in one environment, and its status history. */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { CheckAgreement } from '../types';

export function useCheckAgreement(projectId: string, env: Env, key: string) {
  const api = useApi();
  return useQuery({
    // Under the Checks page's key, so a change of the check refreshes it too.
    queryKey: ['checks-page', projectId, env, key, 'agreement'],
    queryFn: () =>
      api.get<CheckAgreement>(
        `/projects/${encodeURIComponent(projectId)}/${env}/checks/${encodeURIComponent(key)}/agreement`,
      ),
    enabled: projectId !== '',
  });
}
