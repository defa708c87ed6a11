import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { ConversationStatus } from '../types';
import { conversationKey } from './get-conversation';

export function useRerunConversation(env: Env, conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ id: string; status: ConversationStatus }>(
        `/${env}/conversations/${encodeURIComponent(conversationId)}/rerun`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKey(env, conversationId) }),
  });
}
