import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { ConversationDetail } from '../types';

export const conversationKey = (env: Env, id: string) => ['conversation', env, id] as const;

/** Followed every second while scoring is still under way (after a re-run, until it is done or failed). */
export function useConversation(env: Env, id: string) {
  const api = useApi();
  return useQuery({
    queryKey: conversationKey(env, id),
    queryFn: () => api.get<ConversationDetail>(`/${env}/conversations/${encodeURIComponent(id)}`),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'evaluating' ? 1000 : false;
    },
  });
}
