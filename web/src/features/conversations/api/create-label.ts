import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { Label } from '../types';
import { conversationKey } from './get-conversation';

export interface LabelInput {
  check_key: string;
  verdict?: 'pass' | 'fail';
  choice?: string;
  note?: string;
}

export function useCreateLabel(env: Env, conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LabelInput) =>
      api.post<Label>(`/${env}/conversations/${encodeURIComponent(conversationId)}/labels`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKey(env, conversationId) }),
  });
}
