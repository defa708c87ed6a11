import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { CheckRule, CheckScope, PreviewAnswer } from '../types';
import { checksPath } from './checks';

/** "Try it": the draft scored on the environment's 50 latest conversations; nothing is stored. */
export function usePreviewCheck(projectId: string, env: Env) {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { rule: CheckRule; scope: CheckScope | null }) =>
      api.post<PreviewAnswer>(`${checksPath(projectId, env)}/preview`, input),
  });
}
