import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { ConversationSummary, Page } from '../types';

export interface ConversationFilters {
  agent_id?: string | undefined;
  group_id?: string | undefined;
  status?: string | undefined;
  outcome?: string | undefined;
  failed_check?: string | undefined;
  ended_after?: string | undefined;
  ended_before?: string | undefined;
  external_id?: string | undefined;
}

const PAGE_SIZE = 50;

export function useConversationList(projectId: string, env: Env, filters: ConversationFilters) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['conversations', projectId, env, filters],
    queryFn: ({ pageParam }) =>
      api.get<Page<ConversationSummary>>(`/projects/${encodeURIComponent(projectId)}/${env}/conversations`, {
        ...filters,
        limit: PAGE_SIZE,
        cursor: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: projectId !== '',
  });
}
